import { z } from 'zod';

/**
 * The largest row id: our ids are PostgreSQL `integer` columns (2^31 − 1). A larger number in a
 * request fails the query ("integer out of range", a 500), so every id a request carries (a path
 * parameter, a query value, a body field) is refused past it with a 400 before it reaches one.
 */
export const ROW_ID_MAX = 2_147_483_647;

export const ROW_ID_MESSAGE = 'id must be a positive whole number';

/** A row id in a JSON body: a whole number from 1 to ROW_ID_MAX; `message` for every refusal. */
export function rowIdSchema(message: string = ROW_ID_MESSAGE) {
  return z.number({ error: message }).int(message).positive(message).max(ROW_ID_MAX, message);
}

/** A row id given as text (a path parameter, a query value, a form's select) or a number. */
export function coercedRowIdSchema(message: string = ROW_ID_MESSAGE) {
  return z.coerce.number({ error: message }).int(message).positive(message).max(ROW_ID_MAX, message);
}
