/** A query whose rows can be capped: a Drizzle select before it is awaited. */
interface LimitableQuery {
  limit(count: number): PromiseLike<readonly unknown[]>;
}

/**
 * Whether any of `queries` finds a row. They run one at a time, each for one row at most, and the
 * first that finds one ends the search: list the likeliest (or cheapest) first.
 */
export async function anyRow(queries: readonly LimitableQuery[]): Promise<boolean> {
  for (const query of queries) if ((await query.limit(1)).length > 0) return true;
  return false;
}
