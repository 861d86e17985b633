import { AboutBlocksPage } from '../features/admin/about-blocks-page.tsx';
import { appContext } from '../lib/app-context.ts';
import { PRIVATE_HEADERS, requireStaff } from '../lib/viewer.ts';
import type { Route } from './+types/admin.content.about';

/** Admins: the About page's text blocks (decision 0075). */
export async function loader({ context, request }: Route.LoaderArgs) {
  requireStaff(context, request, 'admin');
  return { blocks: await context.get(appContext).services.content.adminListAboutBlocks() };
}

export function headers(): HeadersInit {
  return PRIVATE_HEADERS;
}

export const meta: Route.MetaFunction = () => [{ title: 'About page text | Content | Back office | SevaDocs' }];

export default function AdminAboutRoute({ loaderData }: Route.ComponentProps) {
  return <AboutBlocksPage blocks={loaderData.blocks} />;
}
