import { z } from 'zod';
import { LIST_LIMIT, LIST_PAGE } from '../limits/constants.ts';

/** Query of a paged list: ?page=1&limit=N (limit at most 100); `defaultLimit` when absent. */
export function pagedQuery(defaultLimit: number) {
  return z.object({
    page: z.coerce
      .number({ error: 'page must be a number' })
      .int('page must be a whole number')
      .min(1, 'page must be 1 or more')
      .default(LIST_PAGE),
    limit: z.coerce
      .number({ error: 'limit must be a number' })
      .int('limit must be a whole number')
      .min(1, 'limit must be 1 or more')
      .max(LIST_LIMIT, `limit must be at most ${LIST_LIMIT}`)
      .default(defaultLimit),
  });
}

/** SPEC.md §9: lists are fetched with page 1, limit 100. */
export const paginationQuery = pagedQuery(LIST_LIMIT);
export type Pagination = z.infer<typeof paginationQuery>;

export function listEnvelopeSchema<T extends z.ZodType>(item: T) {
  return z.object({
    isSuccess: z.boolean(),
    statusCode: z.number(),
    message: z.string(),
    data: z.object({ results: z.array(item), totalCount: z.number(), page: z.number(), limit: z.number() }),
  });
}

export function envelopeSchema<T extends z.ZodType>(data: T) {
  return z.object({ isSuccess: z.boolean(), statusCode: z.number(), message: z.string(), data });
}
