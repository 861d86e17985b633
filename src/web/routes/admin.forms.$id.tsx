import { data } from 'react-router';
import { ADMIN_FORM_MESSAGES } from '../../domain/admin/forms.ts';
import { recordId } from '../../domain/admin/record-id.ts';
import { FormBuilderPage } from '../features/admin/form-builder-page.tsx';
import { FormEngine } from '../features/application/form-engine/form-engine.tsx';
import { pretendUpload } from '../features/application/form-engine/preview-page.tsx';
import { appContext } from '../lib/app-context.ts';
import { PRIVATE_HEADERS, requireStaff } from '../lib/viewer.ts';
import type { Route } from './+types/admin.forms.$id';

/** Admins only: the form builder of one package's form (decision 0073); :id is the package's id. */
export async function loader({ context, request, params }: Route.LoaderArgs) {
  requireStaff(context, request, 'admin');
  const id = recordId(params.id);
  const detail = id !== null ? await context.get(appContext).services.forms.adminGet(id) : null;
  if (!detail) throw data(ADMIN_FORM_MESSAGES.notFound, { status: 404 });
  return { detail };
}

export function headers(): HeadersInit {
  return PRIVATE_HEADERS;
}

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: `${loaderData?.detail.published.definition.title ?? 'Form'} | Forms | Back office | SevaDocs` },
];

export default function AdminFormRoute({ loaderData }: Route.ComponentProps) {
  const { detail } = loaderData;
  return (
    <FormBuilderPage
      key={detail.key}
      detail={detail}
      // The preview is the customers' own engine (the dev preview's), with uploads only pretended.
      renderPreview={(definition, memberKind) => (
        <FormEngine
          definition={definition}
          memberKind={memberKind}
          upload={pretendUpload}
          memberName={memberKind === 'Minor' ? 'Aarav Sharma (minor)' : 'Priya Sharma'}
          onComplete={() => undefined}
        />
      )}
    />
  );
}
