import { type AdminPartner, partnerEditSchema, partnerFormSchema } from '../../../domain/admin/content.ts';
import { ADMIN_ROUTES } from '../../../domain/config/admin-routes.ts';
import { CheckboxField, ImageUploadForm, TextField } from './content-fields.tsx';
import { ContentFormPage, PositionField, positionValue, useContentRecordForm } from './content-form-page.tsx';

const fieldsOf = (partner: AdminPartner | null) => ({
  name: partner?.name ?? '',
  description: partner?.description ?? '',
  link: partner?.link ?? '',
  position: String(partner?.position ?? 0),
  isActive: partner?.isActive ?? true,
});

/**
 * Admins: a new partner service (`partner` null) or a change to one, and its logo (decision 0075),
 * checked with the API's own schema. Without a logo the home page shows the partner's initials.
 */
export function PartnerFormPage({ partner: loaded }: { partner: AdminPartner | null }) {
  const {
    saving,
    submit,
    row: partner,
    fields,
    setField,
    tookUpload,
  } = useContentRecordForm({
    record: loaded,
    fieldsOf,
    bodyOf: (f) => ({ ...f, position: positionValue(f.position) }),
    schema: partnerFormSchema,
    editSchema: partnerEditSchema,
    apiPath: '/admin/partners',
    pagePath: `${ADMIN_ROUTES.CONTENT}/partners`,
  });

  return (
    <ContentFormPage
      titleId="partner-title"
      title={partner ? `Partner service: ${partner.name}` : 'New partner service'}
      before={
        partner ? (
          <ImageUploadForm
            name="partner"
            url={`/admin/partners/${partner.id}/logo`}
            image={partner.logo}
            alt={`${partner.name} logo`}
            noun="Logo"
            onUploaded={tookUpload}
          />
        ) : (
          <p className="text-sm text-slate-600">Add the logo on the next page.</p>
        )
      }
      saving={saving}
      onSubmit={submit}
      submitLabel={partner ? 'Save partner service' : 'Add partner service'}
    >
      <TextField name="name" label="Name" value={fields.name} onChange={setField('name')} error={saving.errors.name} />
      <TextField
        name="description"
        label="Description"
        value={fields.description}
        onChange={setField('description')}
        error={saving.errors.description}
        multiline
      />
      <TextField
        name="link"
        label="Link (optional)"
        hint="The partner's site, https://…; it opens in a new tab."
        value={fields.link}
        onChange={setField('link')}
        error={saving.errors.link}
      />
      <PositionField
        hint="Lower numbers show first."
        value={fields.position}
        onChange={setField('position')}
        error={saving.errors.position}
      />
      <CheckboxField
        name="isActive"
        label="Show on the home page"
        checked={fields.isActive}
        onChange={setField('isActive')}
      />
    </ContentFormPage>
  );
}
