import { formPreview } from '../features/application/form-engine/preview.server.ts';
import { FormPreviewPage } from '../features/application/form-engine/preview-page.tsx';
import { requireDevPages } from '../lib/dev-pages.ts';
import type { Route } from './+types/dev.form-preview';

/** The form engine on any seeded definition, for development and screenshots; a plain 404 in production. */
export function loader({ request, context }: Route.LoaderArgs) {
  requireDevPages(context);
  return formPreview(new URL(request.url).searchParams);
}

export function headers(): HeadersInit {
  return { 'Cache-Control': 'no-store' };
}

export const meta: Route.MetaFunction = () => [{ title: 'Form preview | SevaDocs' }];

export default function DevFormPreview({ loaderData }: Route.ComponentProps) {
  return <FormPreviewPage preview={loaderData} />;
}
