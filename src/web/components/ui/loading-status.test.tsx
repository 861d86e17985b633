// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { LoadingStatus } from './loading-status.tsx';

afterEach(cleanup);

describe('LoadingStatus', () => {
  it('is a status region that names what is loading, its spinner hidden from screen readers', () => {
    render(<LoadingStatus className="mt-8">Loading your orders…</LoadingStatus>);
    const status = screen.getByRole('status');
    expect(status.textContent).toBe('Loading your orders…');
    expect(status.className).toContain('mt-8');
    const spinner = status.querySelector('svg');
    expect(spinner?.getAttribute('aria-hidden')).toBe('true');
    expect(spinner?.getAttribute('class')).toContain('animate-spin');
  });
});
