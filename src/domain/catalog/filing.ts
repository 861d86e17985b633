/** Services filed online only, on the official portal: nothing is posted to a mission or a centre (catalog-facts §4). */
export const ONLINE_ONLY_SERVICES: ReadonlySet<string> = new Set(['indian-visa']);
