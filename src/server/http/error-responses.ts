import { z } from 'zod';

/** DESIGN.md §1's envelope of a refusal or failure (`fail` in src/domain/api/envelope.ts). */
export const failEnvelopeSchema = z.object({
  isSuccess: z.literal(false),
  statusCode: z.number().int(),
  message: z.string(),
  data: z.null(),
  errors: z.record(z.string(), z.string()).optional(),
});

/**
 * The refusals a route's own rules give beside those the API document derives from its declaration
 * (plugins/openapi-contract.ts: input 400, sign-in 401, role 403, path resource 404, body 413/415,
 * rate limit 429, 500): e.g. `response: { 200: …, ...refusals(409) }` where a service answers a
 * conflict. The answer check of the tests fails any status a route gives and does not declare.
 */
export function refusals<const S extends number>(...statuses: S[]): Record<S, typeof failEnvelopeSchema> {
  return Object.fromEntries(statuses.map((status) => [status, failEnvelopeSchema])) as Record<
    S,
    typeof failEnvelopeSchema
  >;
}
