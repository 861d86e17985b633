import { useState } from 'react';
import { Link, useNavigate, useRevalidator } from 'react-router';
import { type AdminTeamMember, teamMemberFormSchema } from '../../../domain/admin/content.ts';
import { ROUTES } from '../../../domain/config/routes.ts';
import { fieldErrorsOf, ImageUploadForm, TextField, useContentSave } from './content-fields.tsx';
import { ActionOutcome } from './use-admin-action.tsx';

/**
 * Admins: a new team member of the About page (`member` null) or a change to one, and their photo
 * (decision 0075). Without a photo the About page shows their initials.
 */
export function TeamMemberFormPage({ member }: { member: AdminTeamMember | null }) {
  const navigate = useNavigate();
  const { revalidate } = useRevalidator();
  const saving = useContentSave();
  const [name, setName] = useState(member?.name ?? '');
  const [jobDescription, setJobDescription] = useState(member?.jobDescription ?? '');
  const [position, setPosition] = useState(String(member?.position ?? 0));

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    const parsed = teamMemberFormSchema.safeParse({
      name,
      jobDescription,
      position: position.trim() === '' ? Number.NaN : Number(position),
    });
    if (!parsed.success) return saving.showErrors(fieldErrorsOf(parsed.error));
    const saved = member
      ? await saving.save<AdminTeamMember>('PUT', `/admin/team-members/${member.id}`, parsed.data)
      : await saving.save<AdminTeamMember>('POST', '/admin/team-members', parsed.data);
    if (saved && !member) await navigate(`${ROUTES.ADMIN_CONTENT}/team-members/${saved.id}`);
    else if (saved) await revalidate();
  };

  return (
    <section aria-labelledby="member-title" className="flex max-w-xl flex-col gap-4">
      <p>
        <Link to={ROUTES.ADMIN_CONTENT} className="text-sm text-brand-700 hover:underline">
          ← Content
        </Link>
      </p>
      <h1 id="member-title" className="text-2xl font-bold text-slate-900">
        {member ? `Team member: ${member.name}` : 'New team member'}
      </h1>
      {!member && <p className="text-sm text-slate-600">Add the photo on the next page.</p>}

      {member && (
        <ImageUploadForm
          name="member"
          url={`/admin/team-members/${member.id}/image`}
          image={member.image}
          alt={member.name}
          noun="Photo"
        />
      )}

      <form onSubmit={submit} noValidate className="flex flex-col gap-4">
        <TextField name="name" label="Name" value={name} onChange={setName} error={saving.errors.name} />
        <TextField
          name="jobDescription"
          label="Role and bio"
          hint="The first sentence is shown as the role, the rest as the bio: “Visa specialist. Eight years of OCI files.”"
          value={jobDescription}
          onChange={setJobDescription}
          error={saving.errors.jobDescription}
          multiline
        />
        <TextField
          name="position"
          label="Order"
          hint="Lower numbers show first."
          type="number"
          value={position}
          onChange={setPosition}
          error={saving.errors.position}
        />
        <div>
          <button
            type="submit"
            disabled={saving.pending}
            className="rounded-lg bg-brand-600 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-700 disabled:opacity-60"
          >
            {member ? 'Save team member' : 'Add team member'}
          </button>
        </div>
        <ActionOutcome outcome={saving.outcome} />
      </form>
    </section>
  );
}
