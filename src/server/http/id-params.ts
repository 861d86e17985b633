import { z } from 'zod';
import { ROW_ID_MAX, ROW_ID_MESSAGE } from '../../domain/api/row-id.ts';

/** `{id}` path parameters: digits only, within PostgreSQL's integer range. */
export const idParams = z.object({
  id: z
    .string()
    .regex(/^[1-9]\d{0,9}$/, ROW_ID_MESSAGE)
    .transform(Number)
    .refine((n) => n <= ROW_ID_MAX, ROW_ID_MESSAGE),
});
