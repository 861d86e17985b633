import { useState } from 'react';
import { type AdminTeamMember, teamMemberEditSchema, teamMemberFormSchema } from '../../../domain/admin/content.ts';
import { ROUTES } from '../../../domain/config/routes.ts';
import { ImageUploadForm, TextField } from './content-fields.tsx';
import { ContentFormPage, PositionField, positionValue, useContentRecordSave } from './content-form-page.tsx';

/**
 * Admins: a new team member of the About page (`member` null) or a change to one, and their photo
 * (decision 0075). Without a photo the About page shows their initials.
 */
export function TeamMemberFormPage({ member }: { member: AdminTeamMember | null }) {
  const { saving, submit } = useContentRecordSave({
    record: member,
    schema: teamMemberFormSchema,
    editSchema: teamMemberEditSchema,
    apiPath: '/admin/team-members',
    pagePath: `${ROUTES.ADMIN_CONTENT}/team-members`,
  });
  const [name, setName] = useState(member?.name ?? '');
  const [jobDescription, setJobDescription] = useState(member?.jobDescription ?? '');
  const [position, setPosition] = useState(String(member?.position ?? 0));

  const save = async () => {
    await submit({ name, jobDescription, position: positionValue(position) });
  };

  return (
    <ContentFormPage
      titleId="member-title"
      title={member ? `Team member: ${member.name}` : 'New team member'}
      before={
        member ? (
          <ImageUploadForm
            name="member"
            url={`/admin/team-members/${member.id}/image`}
            image={member.image}
            alt={member.name}
            noun="Photo"
          />
        ) : (
          <p className="text-sm text-slate-600">Add the photo on the next page.</p>
        )
      }
      saving={saving}
      onSubmit={save}
      submitLabel={member ? 'Save team member' : 'Add team member'}
    >
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
      <PositionField
        hint="Lower numbers show first."
        value={position}
        onChange={setPosition}
        error={saving.errors.position}
      />
    </ContentFormPage>
  );
}
