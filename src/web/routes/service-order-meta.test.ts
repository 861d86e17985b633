import { describe, expect, it } from 'vitest';
import type { Route } from './+types/service-order';
import { meta } from './service-order.tsx';

const titleFor = (orderRef: string | null) =>
  (
    meta({ loaderData: { orderRef, today: '2026-12-04', slot: null } } as unknown as Route.MetaArgs) as {
      title?: string;
    }[]
  )[0]?.title;

describe("an order page's title", () => {
  it('names the order by its DOC- id, and by nothing when the link carried its number (an e-mail link)', () => {
    expect(titleFor('DOC-23823002')).toBe('Order DOC-23823002 | SevaDocs');
    expect(titleFor('1')).toBe('Your order | SevaDocs');
    expect(titleFor(null)).toBe('Your order | SevaDocs');
  });
});
