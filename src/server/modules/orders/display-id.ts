import { randomInt } from 'node:crypto';

/**
 * One prefix per order kind. Keyed here rather than by tables.ts's OrderKind (only the repository
 * reads the tables, issue 28); orders/service.ts passes an OrderKind, so a new kind without a
 * prefix still fails to compile there.
 */
const PREFIX = { service: 'DOC', photo: 'PHO' } as const;

/**
 * A customer-facing order id such as 'DOC-48213907': the kind's prefix (SPEC.md §2's link rule
 * reads it) and 8 random digits, the first not 0. Random, so an id says nothing about how many
 * orders there are or which id comes next; digits only, so it reads out over the phone and fits
 * the refund form's ORDER_ID_PATTERN. 9·10⁷ ids: a collision is retried by the caller.
 */
export function newOrderDisplayId(kind: keyof typeof PREFIX): string {
  return `${PREFIX[kind]}-${randomInt(10_000_000, 100_000_000)}`;
}
