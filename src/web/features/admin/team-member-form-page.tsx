import { type AdminTeamMember, teamMemberEditSchema, teamMemberFormSchema } from '../../../domain/admin/content.ts';
import { ADMIN_ROUTES } from '../../../domain/config/admin-routes.ts';
import { ImageUploadForm, TextField } from './content-fields.tsx';
import { ContentFormPage, PositionField, positionValue, useContentRecordForm } from './content-form-page.tsx';

const fieldsOf = (member: AdminTeamMember | null) => ({
  name: member?.name ?? '',
  jobDescription: member?.jobDescription ?? '',
  position: String(member?.position ?? 0),
});

/**
 * Admins: a new team member of the About page (`member` null) or a change to one, and their photo
 * (decision 0075). Without a photo the About page shows their initials.
 */
export function TeamMemberFormPage({ member: loaded }: { member: AdminTeamMember | null }) {
  const {
    saving,
    submit,
    row: member,
    fields,
    setField,
    tookUpload,
  } = useContentRecordForm({
    record: loaded,
    fieldsOf,
    bodyOf: (f) => ({ ...f, position: positionValue(f.position) }),
    schema: teamMemberFormSchema,
    editSchema: teamMemberEditSchema,
    apiPath: '/admin/team-members',
    pagePath: `${ADMIN_ROUTES.CONTENT}/team-members`,
  });
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
            onUploaded={tookUpload}
          />
        ) : (
          <p className="text-sm text-slate-600">Add the photo on the next page.</p>
        )
      }
      saving={saving}
      onSubmit={submit}
      submitLabel={member ? 'Save team member' : 'Add team member'}
    >
      <TextField name="name" label="Name" value={fields.name} onChange={setField('name')} error={saving.errors.name} />
      <TextField
        name="jobDescription"
        label="Role and bio"
        hint="The first sentence is shown as the role, the rest as the bio: “Visa specialist. Eight years of OCI files.”"
        value={fields.jobDescription}
        onChange={setField('jobDescription')}
        error={saving.errors.jobDescription}
        multiline
      />
      <PositionField
        hint="Lower numbers show first."
        value={fields.position}
        onChange={setField('position')}
        error={saving.errors.position}
      />
    </ContentFormPage>
  );
}
