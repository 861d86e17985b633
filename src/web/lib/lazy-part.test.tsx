// @vitest-environment jsdom
import { render, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { cleanupAfterEach } from '../testing/dom.tsx';
import { lazyPart } from './lazy-part.tsx';
import { lazyWithQueries } from './lazy-with-queries.tsx';

cleanupAfterEach();

const Greeting = ({ name }: { name: string }) => <p>Hello {name}</p>;

function renderPart(Part: (props: { name: string }) => React.ReactNode) {
  return render(
    <Suspense fallback={<p>Loading…</p>}>
      <Part name="Priya" />
    </Suspense>,
  );
}

describe('a lazy part', () => {
  it('loads its code when first rendered, once', async () => {
    const load = vi.fn(async () => Greeting);
    const Part = lazyPart(load);
    expect(load).not.toHaveBeenCalled();
    renderPart(Part);
    expect(await screen.findByText('Hello Priya')).toBeTruthy();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('made early, starts loading as it is made, and its render takes that load (a route page: decision 0140)', async () => {
    let arrive!: (component: typeof Greeting) => void;
    const load = vi.fn(() => new Promise<typeof Greeting>((resolve) => (arrive = resolve)));
    const Part = lazyPart(load, { early: true });
    expect(load).toHaveBeenCalledTimes(1);
    arrive(Greeting);
    renderPart(Part);
    expect(await screen.findByText('Hello Priya')).toBeTruthy();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('made early, loads again when rendered if the early load failed (a dropped connection)', async () => {
    const load = vi.fn().mockRejectedValueOnce(new Error('network')).mockResolvedValueOnce(Greeting);
    const Part = lazyPart(load, { early: true });
    await vi.waitFor(() => expect(load).toHaveBeenCalledTimes(1));
    await new Promise((resolve) => setTimeout(resolve, 0));
    renderPart(Part);
    expect(await screen.findByText('Hello Priya')).toBeTruthy();
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('as a route page with its queries, starts early unless the route says not', () => {
    const load = vi.fn(async () => Greeting);
    lazyWithQueries(load);
    expect(load).toHaveBeenCalledTimes(1);
    const later = vi.fn(async () => Greeting);
    lazyWithQueries(later, { early: false });
    expect(later).not.toHaveBeenCalled();
  });
});
