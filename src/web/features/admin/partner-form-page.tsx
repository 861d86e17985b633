import { useState } from 'react';
import { type AdminPartner, partnerEditSchema, partnerFormSchema } from '../../../domain/admin/content.ts';
import { ROUTES } from '../../../domain/config/routes.ts';
import { CheckboxField, ImageUploadForm, TextField } from './content-fields.tsx';
import { ContentFormPage, PositionField, positionValue, useContentRecordSave } from './content-form-page.tsx';

/**
 * Admins: a new partner service (`partner` null) or a change to one, and its logo (decision 0075),
 * checked with the API's own schema. Without a logo the home page shows the partner's initials.
 */
export function PartnerFormPage({ partner }: { partner: AdminPartner | null }) {
  const { saving, submit } = useContentRecordSave({
    record: partner,
    schema: partnerFormSchema,
    editSchema: partnerEditSchema,
    apiPath: '/admin/partners',
    pagePath: `${ROUTES.ADMIN_CONTENT}/partners`,
  });
  const [name, setName] = useState(partner?.name ?? '');
  const [description, setDescription] = useState(partner?.description ?? '');
  const [link, setLink] = useState(partner?.link ?? '');
  const [position, setPosition] = useState(String(partner?.position ?? 0));
  const [isActive, setIsActive] = useState(partner?.isActive ?? true);

  const save = async () => {
    await submit({ name, description, link, isActive, position: positionValue(position) });
  };

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
          />
        ) : (
          <p className="text-sm text-slate-600">Add the logo on the next page.</p>
        )
      }
      saving={saving}
      onSubmit={save}
      submitLabel={partner ? 'Save partner service' : 'Add partner service'}
    >
      <TextField name="name" label="Name" value={name} onChange={setName} error={saving.errors.name} />
      <TextField
        name="description"
        label="Description"
        value={description}
        onChange={setDescription}
        error={saving.errors.description}
        multiline
      />
      <TextField
        name="link"
        label="Link (optional)"
        hint="The partner's site, https://…; it opens in a new tab."
        value={link}
        onChange={setLink}
        error={saving.errors.link}
      />
      <PositionField
        hint="Lower numbers show first."
        value={position}
        onChange={setPosition}
        error={saving.errors.position}
      />
      <CheckboxField name="isActive" label="Show on the home page" checked={isActive} onChange={setIsActive} />
    </ContentFormPage>
  );
}
