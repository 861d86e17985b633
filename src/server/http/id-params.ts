import { z } from 'zod';

/** `{id}` path parameters: digits only, within PostgreSQL's integer range. */
export const idParams = z.object({
  id: z
    .string()
    .regex(/^[1-9]\d{0,9}$/, 'id must be a positive whole number')
    .transform(Number)
    .refine((n) => n <= 2_147_483_647, 'id must be a positive whole number'),
});
