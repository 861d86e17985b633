import { identityOf, islandHtml } from '../../components/ui/island-html.ts';
import { ServicePageBody, type ServicePageBodyProps } from './service-page-body.tsx';

/**
 * Server only: a service page's body made once per catalog content, choices, site settings and
 * signed-in or not, then reused by every later render of that page (issue 9 §3, decision 0041).
 * The browser keeps the server's body as it is on the first load (routes/service.tsx), so like a
 * static island its HTML depends on its props alone. The content object is the catalog
 * snapshot's own (replaced, never changed, when the catalog reloads), keyed by identity rather
 * than serialised on each render. A catalog has a few hundred pages with their country choices.
 */
export const servicePageBodyHtml = islandHtml<ServicePageBodyProps>(ServicePageBody, {
  key: ({ content, view, config, signedIn }) => `${identityOf(content)} ${JSON.stringify([view, config, signedIn])}`,
  maxEntries: 512,
});
