export function articleHref(slug: string): string {
  return `/articles/${slug}`;
}
