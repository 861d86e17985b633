const A = 'A'.charCodeAt(0);

let byName: Map<string, string> | null = null;

/** Lowercased, hyphenated form of a country name ('United States' → 'united-states'). */
export function countryNameSlug(name: string): string {
  return name
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[^a-z0-9\s-]/g, '')
    .trim()
    .replace(/[\s-]+/g, '-');
}

/**
 * The ISO code of a country written as its lowercased, hyphenated English name
 * ('united-states' → 'US', 'india' → 'IN'); null when no region has that name.
 */
export function countryCodeFromNameSlug(slug: string): string | null {
  if (!byName) {
    byName = new Map();
    const names = new Intl.DisplayNames(['en'], { type: 'region', fallback: 'none' });
    for (let i = 0; i < 26; i++) {
      for (let j = 0; j < 26; j++) {
        const code = String.fromCharCode(A + i, A + j);
        let name: string | undefined;
        try {
          name = names.of(code);
        } catch {
          name = undefined;
        }
        const slug = name && name !== code ? countryNameSlug(name) : '';
        // Aliases such as UK for GB come later in the alphabet: the first code wins.
        if (slug && !byName.has(slug)) byName.set(slug, code);
      }
    }
    byName.set('usa', 'US');
  }
  return byName.get(slug) ?? null;
}
