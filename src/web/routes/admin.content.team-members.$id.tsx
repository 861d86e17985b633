import { data } from 'react-router';
import { TEAM_MESSAGES } from '../../domain/admin/content.ts';
import { recordId } from '../../domain/admin/record-id.ts';
import { TeamMemberFormPage } from '../features/admin/team-member-form-page.tsx';
import { appContext } from '../lib/app-context.ts';
import { PRIVATE_HEADERS, requireStaff } from '../lib/viewer.ts';
import type { Route } from './+types/admin.content.team-members.$id';

/** Admins: a new team member (/admin/content/team-members/new) or one to change (decision 0075). */
export async function loader({ context, request, params }: Route.LoaderArgs) {
  requireStaff(context, request, 'admin');
  if (params.id === 'new') return { member: null };
  const id = recordId(params.id);
  const member = id !== null ? await context.get(appContext).services.content.adminGetTeamMember(id) : null;
  if (!member) throw data(TEAM_MESSAGES.notFound, { status: 404 });
  return { member };
}

export function headers(): HeadersInit {
  return PRIVATE_HEADERS;
}

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: `${loaderData?.member?.name ?? 'New team member'} | Content | Back office | SevaDocs` },
];

export default function AdminTeamMemberRoute({ loaderData }: Route.ComponentProps) {
  return <TeamMemberFormPage key={loaderData.member?.id ?? 'new'} member={loaderData.member} />;
}
