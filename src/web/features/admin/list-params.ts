/**
 * The URL of this back-office list with some of its query changed: paging, sorting and search
 * are links (server-side, so every view has an address and works without JavaScript).
 * A value of undefined or '' removes the parameter; any change but the page's goes to page 1.
 */
export function withListParams(search: string, changes: Record<string, string | number | undefined>): string {
  const params = new URLSearchParams(search);
  for (const [key, value] of Object.entries(changes)) {
    if (value === undefined || value === '') params.delete(key);
    else params.set(key, String(value));
  }
  if (!('page' in changes)) params.delete('page');
  const query = params.toString();
  return query ? `?${query}` : '?';
}
