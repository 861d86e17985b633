/** A back-office page's `:id` as a database id (digits, within PostgreSQL's integer range), or null. */
export function recordId(param: string | undefined): number | null {
  if (!param || !/^[1-9]\d{0,9}$/.test(param)) return null;
  const id = Number(param);
  return id <= 2_147_483_647 ? id : null;
}
