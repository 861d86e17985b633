import { z } from 'zod';
import { pagedQuery } from '../api/pagination.ts';

/** Rows per page of a back-office table unless the URL says otherwise. */
export const ADMIN_PAGE_SIZE = 25;

/**
 * The query every back-office table is paged, sorted and searched by, on the server: the page's
 * URL carries it (?page=&limit=&sort=&dir=&q=), the loader and the API parse it with this schema.
 * Each table narrows `sort` to its own columns with `adminListQuery(['createdAt', …])`.
 */
export function adminListQuery<const Sort extends readonly [string, ...string[]]>(sortable: Sort) {
  return pagedQuery(ADMIN_PAGE_SIZE).extend({
    sort: z.enum(sortable).catch(sortable[0]).default(sortable[0]),
    dir: z.enum(['asc', 'desc']).catch('desc').default('desc'),
    q: z
      .string()
      .trim()
      .max(200)
      .optional()
      .transform((v) => (v ? v : undefined)),
  });
}

export type AdminListQuery<Sort extends string = string> = {
  page: number;
  limit: number;
  sort: Sort;
  dir: 'asc' | 'desc';
  q?: string | undefined;
};
