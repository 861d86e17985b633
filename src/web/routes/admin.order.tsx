import { data } from 'react-router';
import { deskOrderParams, ORDER_DESK_MESSAGES } from '../../domain/admin/orders.ts';
import type { FormDefinition } from '../../domain/forms/definition.ts';
import { OrderDeskPage, type RenderAnswers } from '../features/admin/order-desk-page.tsx';
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

/** The answers as the customer reads them on their review page (the application feature's summary). */
const renderAnswers: RenderAnswers = ({ definition, memberKind, memberName, answers }) => (
  <AnswersSummary
    definition={definition as FormDefinition}
    memberKind={memberKind}
    memberName={memberName}
    answers={answers}
    headingLevel={4}
  />
);

export default function AdminOrderRoute({ loaderData }: Route.ComponentProps) {
  return <OrderDeskPage order={loaderData.order} renderAnswers={renderAnswers} />;
}
