// First: Zod's browser settings apply to every schema the pages build (see the module).
import './lib/zod-in-the-browser.ts';
// Inter, the site's typeface, from its npm package (docs/decisions/0045-inter-from-its-package.md):
// the @font-face rules of every subset (each downloads only when a page uses its characters),
// with font-display: swap, before the app's styles that name the family.
import '@fontsource-variable/inter/wght.css';
import interLatin from '@fontsource-variable/inter/files/inter-latin-wght-normal.woff2?url';
import type { Route } from './+types/root';
import './app.css';
import { appContext } from './lib/app-context.ts';
import type { RootData } from './lib/root-data.ts';
import { ERROR_PAGE_TITLE } from './shell/error-page.tsx';

// The root route: its data, headers and meta here; the document, the page frame and the error
// page are the shell's (src/web/shell), which composes the features every page has.
export { AppShell as default } from './shell/app-shell.tsx';
export { DocumentLayout as Layout } from './shell/document.tsx';
export { ErrorPage as ErrorBoundary } from './shell/error-page.tsx';

export async function loader({ context }: Route.LoaderArgs): Promise<RootData> {
  const { services, publicConfig, viewer } = context.get(appContext);
  const list = await services.catalog.listServices({ page: 1, limit: 100 });
  return {
    publicConfig,
    navServices: list.results.map(({ id, name, slug }) => ({ id, name, slug })),
    user: viewer,
  };
}

/** The Latin subset of Inter, which every page uses, is fetched with the HTML rather than after the CSS. */
export const links: Route.LinksFunction = () => [
  { rel: 'preload', href: interLatin, as: 'font', type: 'font/woff2', crossOrigin: 'anonymous' },
];

/** Anonymous pages may be kept by the server's page cache and by CDNs for a minute. */
export function headers(): HeadersInit {
  return { 'Cache-Control': 'public, max-age=0, s-maxage=60, must-revalidate' };
}

/** A page that failed into the root's error page is titled as one, not as the home page. */
export const meta: Route.MetaFunction = ({ error }) =>
  error
    ? [{ title: ERROR_PAGE_TITLE }]
    : [
        { title: 'SevaDocs | OCI, Indian passport and visa services for the USA and Canada' },
        {
          name: 'description',
          content:
            'OCI cards, Indian passport renewal, renunciation, power of attorney and Indian e-visas from the USA and Canada, with every fee shown up front.',
        },
      ];
