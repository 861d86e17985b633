import { useState } from 'react';
import { Link, useNavigate, useRevalidator } from 'react-router';
import { type AdminPartner, partnerFormSchema } from '../../../domain/admin/content.ts';
import { ROUTES } from '../../../domain/config/routes.ts';
import { CheckboxField, fieldErrorsOf, ImageUploadForm, TextField, useContentSave } from './content-fields.tsx';
import { ActionOutcome } from './use-admin-action.tsx';

/**
 * Admins: a new partner service (`partner` null) or a change to one, and its logo (decision 0075),
 * checked with the API's own schema. Without a logo the home page shows the partner's initials.
 */
export function PartnerFormPage({ partner }: { partner: AdminPartner | null }) {
  const navigate = useNavigate();
  const { revalidate } = useRevalidator();
  const saving = useContentSave();
  const [name, setName] = useState(partner?.name ?? '');
  const [description, setDescription] = useState(partner?.description ?? '');
  const [link, setLink] = useState(partner?.link ?? '');
  const [position, setPosition] = useState(String(partner?.position ?? 0));
  const [isActive, setIsActive] = useState(partner?.isActive ?? true);

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    const parsed = partnerFormSchema.safeParse({
      name,
      description,
      link,
      isActive,
      position: position.trim() === '' ? Number.NaN : Number(position),
    });
    if (!parsed.success) return saving.showErrors(fieldErrorsOf(parsed.error));
    const saved = partner
      ? await saving.save<AdminPartner>('PUT', `/admin/partners/${partner.id}`, parsed.data)
      : await saving.save<AdminPartner>('POST', '/admin/partners', parsed.data);
    if (saved && !partner) await navigate(`${ROUTES.ADMIN_CONTENT}/partners/${saved.id}`);
    else if (saved) await revalidate();
  };

  return (
    <section aria-labelledby="partner-title" className="flex max-w-xl flex-col gap-4">
      <p>
        <Link to={ROUTES.ADMIN_CONTENT} className="text-sm text-brand-700 hover:underline">
          ← Content
        </Link>
      </p>
      <h1 id="partner-title" className="text-2xl font-bold text-slate-900">
        {partner ? `Partner service: ${partner.name}` : 'New partner service'}
      </h1>
      {!partner && <p className="text-sm text-slate-600">Add the logo on the next page.</p>}

      {partner && (
        <ImageUploadForm
          name="partner"
          url={`/admin/partners/${partner.id}/logo`}
          image={partner.logo}
          alt={`${partner.name} logo`}
          noun="Logo"
        />
      )}

      <form onSubmit={submit} noValidate className="flex flex-col gap-4">
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
        <TextField
          name="position"
          label="Order"
          hint="Lower numbers show first."
          type="number"
          value={position}
          onChange={setPosition}
          error={saving.errors.position}
        />
        <CheckboxField name="isActive" label="Show on the home page" checked={isActive} onChange={setIsActive} />
        <div>
          <button
            type="submit"
            disabled={saving.pending}
            className="rounded-lg bg-brand-600 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-700 disabled:opacity-60"
          >
            {partner ? 'Save partner service' : 'Add partner service'}
          </button>
        </div>
        <ActionOutcome outcome={saving.outcome} />
      </form>
    </section>
  );
}
