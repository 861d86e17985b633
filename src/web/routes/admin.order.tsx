import { data } from 'react-router';
import { deskOrderParams, ORDER_DESK_MESSAGES } from '../../domain/admin/orders.ts';
import type { FormDefinition } from '../../domain/forms/definition.ts';
import { OrderDeskPage, type RenderAnswers } from '../features/admin/order-desk-page.tsx';
import { CopyAssist } from '../features/application/copy-assist/copy-assist.tsx';
import { AnswersSummary } from '../features/application/form-page/answers-summary.tsx';
import { appContext } from '../lib/app-context.ts';
import { PRIVATE_HEADERS, requireStaff } from '../lib/viewer.ts';
import type { Route } from './+types/admin.order';

/** Staff: one order (DOC-… or PHO-…) with everything needed to work it. */
export async function loader({ context, request, params }: Route.LoaderArgs) {
  requireStaff(context, request, 'staff');
  const ref = deskOrderParams.safeParse(params);
  const order = ref.success ? await context.get(appContext).services.adminOrders.get(ref.data.ref) : null;
  if (!order) throw data(ORDER_DESK_MESSAGES.notFound, { status: 404 });
  return { order };
}

export function headers(): HeadersInit {
  return PRIVATE_HEADERS;
}

export const meta: Route.MetaFunction = ({ params }) => [{ title: `${params.ref} | Orders | Back office | SevaDocs` }];

/**
 * The answers as the customer reads them on their review page (the application feature's summary),
 * and folded under them the same answers in the portal's format with Copy buttons (issue 32 §3),
 * for staff filling the portal with the customer.
 */
const renderAnswers: RenderAnswers = ({ definition, memberKind, memberName, answers }) => (
  <>
    <AnswersSummary
      definition={definition as FormDefinition}
      memberKind={memberKind}
      memberName={memberName}
      answers={answers}
      headingLevel={4}
    />
    <details className="mt-4 rounded-xl border border-slate-200 p-3">
      <summary className="cursor-pointer font-semibold text-brand-700">
        Copy-assist: the answers in the portal’s format<span className="sr-only">, {memberName}</span>
      </summary>
      <div className="mt-3">
        <CopyAssist
          definition={definition as FormDefinition}
          member={{ kind: memberKind, fullName: memberName }}
          answers={answers}
          headingLevel={4}
        />
      </div>
    </details>
  </>
);

export default function AdminOrderRoute({ loaderData }: Route.ComponentProps) {
  return <OrderDeskPage order={loaderData.order} renderAnswers={renderAnswers} />;
}
