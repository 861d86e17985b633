// @vitest-environment jsdom
import { render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { focusOnClose, useOpener } from './focus-return.ts';

afterEach(() => {
  document.body.innerHTML = '';
});

function button(name: string): HTMLButtonElement {
  const el = document.createElement('button');
  el.textContent = name;
  document.body.append(el);
  return el;
}

describe('focusOnClose', () => {
  it('takes over from Radix (which would focus a trigger we do not have) and focuses the opener', () => {
    const opener = button('Change choices');
    const event = new Event('focusScope.autoFocusOnUnmount', { cancelable: true });
    focusOnClose(() => opener)(event);
    expect(event.defaultPrevented).toBe(true);
    expect(document.activeElement).toBe(opener);
  });

  it('leaves the focus alone when the opener has left the page', () => {
    const other = button('Other');
    other.focus();
    const gone = button('Gone');
    gone.remove();
    focusOnClose(() => gone)(new Event('x', { cancelable: true }));
    focusOnClose(() => null)(new Event('x', { cancelable: true }));
    expect(document.activeElement).toBe(other);
  });

  it('follows the opener when a re-render replaces it after the close (Apply Now)', async () => {
    const old = button('Change choices');
    old.dataset.opener = '';
    focusOnClose(() => document.querySelector('[data-opener]'))(new Event('x', { cancelable: true }));
    expect(document.activeElement).toBe(old);
    old.remove();
    const replacement = button('Change choices');
    replacement.dataset.opener = '';
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(document.activeElement).toBe(replacement);
  });
});

let seen: Element | null | undefined;
function Dialog() {
  seen = useOpener();
  return null;
}

describe('useOpener', () => {
  it('remembers what had the focus when the dialog first rendered, not what has it later', () => {
    const opener = button('Sign In');
    opener.focus();
    const { rerender } = render(<Dialog />);
    button('Inside').focus();
    rerender(<Dialog />);
    expect(seen).toBe(opener);
  });

  it('is null when only the page had the focus', () => {
    seen = undefined;
    render(<Dialog />);
    expect(seen).toBeNull();
  });
});
