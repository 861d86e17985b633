import { useState } from 'react';
import { Link, useNavigate, useRevalidator } from 'react-router';
import { type AdminBanner, bannerFormSchema } from '../../../domain/admin/content.ts';
import { ROUTES } from '../../../domain/config/routes.ts';
import { CheckboxField, fieldErrorsOf, ImageUploadForm, TextField, useContentSave } from './content-fields.tsx';
import { ActionOutcome } from './use-admin-action.tsx';

/**
 * Admins: a new banner (`banner` null; it starts hidden) or a change to one, and its image: JPEG,
 * PNG or HEIC up to 5 MB, checked and re-encoded by the server.
 */
export function BannerFormPage({ banner }: { banner: AdminBanner | null }) {
  const navigate = useNavigate();
  const { revalidate } = useRevalidator();
  const saving = useContentSave();
  const [altText, setAltText] = useState(banner?.altText ?? '');
  const [link, setLink] = useState(banner?.link ?? '');
  const [buttonText, setButtonText] = useState(banner?.buttonText ?? '');
  const [position, setPosition] = useState(String(banner?.position ?? 0));
  const [isActive, setIsActive] = useState(banner?.isActive ?? false);

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    const parsed = bannerFormSchema.safeParse({
      altText,
      link,
      buttonText,
      isActive,
      position: position.trim() === '' ? Number.NaN : Number(position),
    });
    if (!parsed.success) return saving.showErrors(fieldErrorsOf(parsed.error));
    const saved = banner
      ? await saving.save<AdminBanner>('PUT', `/admin/banners/${banner.id}`, parsed.data)
      : await saving.save<AdminBanner>('POST', '/admin/banners', parsed.data);
    if (saved && !banner) await navigate(`${ROUTES.ADMIN_CONTENT}/banners/${saved.id}`);
    else if (saved) await revalidate();
  };

  return (
    <section aria-labelledby="banner-title" className="flex max-w-xl flex-col gap-4">
      <p>
        <Link to={ROUTES.ADMIN_CONTENT} className="text-sm text-brand-700 hover:underline">
          ← Content
        </Link>
      </p>
      <h1 id="banner-title" className="text-2xl font-bold text-slate-900">
        {banner ? `Banner: ${banner.altText}` : 'New banner'}
      </h1>
      {!banner && (
        <p className="text-sm text-slate-600">Add the image on the next page; the banner shows once it has one.</p>
      )}

      {banner && (
        <ImageUploadForm
          name="banner"
          url={`/admin/banners/${banner.id}/image`}
          image={banner.bannerImage}
          alt={banner.altText}
          noun="Image"
        />
      )}

      <form onSubmit={submit} noValidate className="flex flex-col gap-4">
        <TextField
          name="altText"
          label="Image description"
          hint="Read out to people who cannot see the image."
          value={altText}
          onChange={setAltText}
          error={saving.errors.altText}
        />
        <TextField
          name="link"
          label="Link (optional)"
          hint="https://… or a page of this site such as /services"
          value={link}
          onChange={setLink}
          error={saving.errors.link}
        />
        <TextField
          name="buttonText"
          label="Button text (optional)"
          value={buttonText}
          onChange={setButtonText}
          error={saving.errors.buttonText}
        />
        <TextField
          name="position"
          label="Order"
          hint="Lower numbers show first; the home popup shows the first banner."
          type="number"
          value={position}
          onChange={setPosition}
          error={saving.errors.position}
        />
        {banner && (
          <CheckboxField name="isActive" label="Show on the home page" checked={isActive} onChange={setIsActive} />
        )}
        <div>
          <button
            type="submit"
            disabled={saving.pending}
            className="rounded-lg bg-brand-600 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-700 disabled:opacity-60"
          >
            {banner ? 'Save banner' : 'Add banner'}
          </button>
        </div>
        <ActionOutcome outcome={saving.outcome} />
      </form>
    </section>
  );
}
