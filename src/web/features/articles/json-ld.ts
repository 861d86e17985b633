import type { Article } from '../../../domain/content/schemas.ts';

/** schema.org Article data for an article page. */
export function articleJsonLd(article: Article, url: string) {
  return {
    '@context': 'https://schema.org',
    '@type': 'Article',
    headline: article.title,
    description: article.summary,
    datePublished: new Date(article.publishedAt).toISOString(),
    dateModified: new Date(article.updatedAt).toISOString(),
    author: { '@type': 'Person', name: article.author.split(',')[0] },
    publisher: { '@type': 'Organization', name: 'SevaDocs' },
    mainEntityOfPage: url,
  };
}
