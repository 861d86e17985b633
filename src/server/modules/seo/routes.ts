import type { FastifyPluginAsync } from 'fastify';
import { SITEMAP_PAGES } from '../../../domain/config/sitemap.ts';

function escapeXml(value: string): string {
  return value.replace(/[<>&'"]/g, (c) => `&#${c.charCodeAt(0)};`);
}

/**
 * robots.txt and sitemap.xml (public pages and every active service and package page), and the
 * site's icon at the address browsers ask for it.
 */
export const seoRoutes: FastifyPluginAsync = async (app) => {
  // A browser asks for /favicon.ico for a document that names no icon (plain text, a JSON answer,
  // a PDF): the site's icon, rather than a 404 in every such visit's console and in the logs.
  app.get('/favicon.ico', async (_request, reply) =>
    reply.header('cache-control', 'public, max-age=86400').redirect('/favicon.svg', 301),
  );

  app.get('/robots.txt', async (_request, reply) => {
    reply.type('text/plain; charset=utf-8').header('cache-control', 'public, max-age=3600');
    return [
      'User-agent: *',
      'Allow: /',
      'Disallow: /api/',
      'Disallow: /dashboard',
      'Disallow: /profile',
      'Disallow: /dev/',
      'Disallow: /admin',
      `Sitemap: ${app.env.siteUrl}/sitemap.xml`,
      '',
    ].join('\n');
  });

  app.get('/sitemap.xml', async (_request, reply) => {
    // Every service page and every package page (/{service}/{package}), in catalog order.
    const catalogPages = await app.services.catalog.listSitemapEntries();
    const articles = await app.services.content.listArticleSlugs();
    const entries = [
      ...SITEMAP_PAGES.map((path) => ({ loc: `${app.env.siteUrl}${path}`, lastmod: null as Date | null })),
      ...catalogPages.map((p) => ({ loc: `${app.env.siteUrl}${p.path}`, lastmod: p.updatedAt })),
      ...articles.map((a) => ({ loc: `${app.env.siteUrl}/articles/${a.slug}`, lastmod: a.updatedAt })),
    ];
    const body = entries
      .map(
        (e) =>
          `  <url><loc>${escapeXml(e.loc)}</loc>${e.lastmod ? `<lastmod>${e.lastmod.toISOString().slice(0, 10)}</lastmod>` : ''}</url>`,
      )
      .join('\n');
    reply.type('application/xml; charset=utf-8').header('cache-control', 'public, max-age=3600');
    return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${body}\n</urlset>\n`;
  });
};
