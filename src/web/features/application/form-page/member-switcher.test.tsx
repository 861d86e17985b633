// @vitest-environment jsdom
import { render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { cleanupAfterEach } from '../../../testing/dom.tsx';
import { MemberSwitcher, type SwitcherEntry } from './member-switcher.tsx';

cleanupAfterEach();

const entry = (key: string, title: string, current = false): SwitcherEntry => ({
  key,
  title,
  detail: 'Step 1 of 8',
  done: false,
  current,
  href: `/package-form?member=${key}`,
  onOpen: () => {},
});

/** The row 390 px wide; each chip 200 px wide, side by side from the row's left (less what it scrolled). */
function laidOut() {
  vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockImplementation(function (this: HTMLElement) {
    if (this.tagName === 'NAV') return DOMRect.fromRect({ x: 0, y: 0, width: 390, height: 60 });
    const row = this.closest('nav') as HTMLElement;
    const index = [...row.querySelectorAll('a')].indexOf(this as HTMLAnchorElement);
    return DOMRect.fromRect({ x: index * 208 - row.scrollLeft, y: 0, width: 200, height: 60 });
  });
}

describe('MemberSwitcher', () => {
  it('scrolls the row sideways until the open member’s chip is wholly in view', () => {
    laidOut();
    const entries = [entry('1', 'Priya Sharma'), entry('2', 'Rahul Sharma', true), entry('3', 'Anaya Sharma')];
    const { rerender } = render(<MemberSwitcher entries={entries} />);
    const row = screen.getByRole('navigation', { name: 'Members of this application' });
    // Rahul's chip spans 208–408 px of a 390 px row: moved left by its overflow and the margin.
    expect(row.scrollLeft).toBe(408 - 390 + 16);
    expect(screen.getByRole('link', { current: true }).textContent).toContain('Rahul Sharma');

    rerender(<MemberSwitcher entries={entries.map((e) => ({ ...e, current: e.key === '1' }))} />);
    expect(row.scrollLeft).toBe(0);
  });
});
