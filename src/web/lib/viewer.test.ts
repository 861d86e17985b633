import { describe, expect, it } from 'vitest';
import { pagePathOf } from './viewer.ts';

describe('pagePathOf', () => {
  it('answers the page for a document request and for a client navigation’s data request alike', () => {
    const page = (url: string) => pagePathOf(new Request(`http://localhost:3000${url}`));
    expect(page('/photos/photo-enhancement?orderId=PHO-1')).toBe('/photos/photo-enhancement?orderId=PHO-1');
    expect(page('/photos/photo-enhancement.data?orderId=PHO-1&_routes=routes%2Fphoto-enhancement')).toBe(
      '/photos/photo-enhancement?orderId=PHO-1',
    );
    expect(page('/dashboard.data')).toBe('/dashboard');
    expect(page('/_root.data')).toBe('/');
    expect(page('/')).toBe('/');
  });
});
