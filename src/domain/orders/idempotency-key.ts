import { z } from 'zod';

export const IDEMPOTENCY_KEY_MESSAGE = 'idempotencyKey must be 16 to 100 letters, digits, - or _';

/**
 * The key a page makes once per visit when it starts an order of either kind (a random UUID
 * fits): sending the same key again answers the order it started instead of starting another
 * (a double click, a retried request).
 */
export const idempotencyKeySchema = z
  .string({ error: IDEMPOTENCY_KEY_MESSAGE })
  .regex(/^[A-Za-z0-9_-]{16,100}$/, IDEMPOTENCY_KEY_MESSAGE);
