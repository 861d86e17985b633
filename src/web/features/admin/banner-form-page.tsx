import { useState } from 'react';
import { type AdminBanner, bannerEditSchema, bannerFormSchema } from '../../../domain/admin/content.ts';
import { ROUTES } from '../../../domain/config/routes.ts';
import { CheckboxField, ImageUploadForm, TextField } from './content-fields.tsx';
import { ContentFormPage, PositionField, positionValue, useContentRecordSave } from './content-form-page.tsx';

/**
 * Admins: a new banner (`banner` null; it starts hidden) or a change to one, and its image: JPEG,
 * PNG or HEIC up to 5 MB, checked and re-encoded by the server.
 */
export function BannerFormPage({ banner }: { banner: AdminBanner | null }) {
  const { saving, submit } = useContentRecordSave({
    record: banner,
    schema: bannerFormSchema,
    editSchema: bannerEditSchema,
    apiPath: '/admin/banners',
    pagePath: `${ROUTES.ADMIN_CONTENT}/banners`,
  });
  const [altText, setAltText] = useState(banner?.altText ?? '');
  const [link, setLink] = useState(banner?.link ?? '');
  const [buttonText, setButtonText] = useState(banner?.buttonText ?? '');
  const [position, setPosition] = useState(String(banner?.position ?? 0));
  const [isActive, setIsActive] = useState(banner?.isActive ?? false);

  const save = async () => {
    await submit({ altText, link, buttonText, isActive, position: positionValue(position) });
  };

  return (
    <ContentFormPage
      titleId="banner-title"
      title={banner ? `Banner: ${banner.altText}` : 'New banner'}
      before={
        banner ? (
          <ImageUploadForm
            name="banner"
            url={`/admin/banners/${banner.id}/image`}
            image={banner.bannerImage}
            alt={banner.altText}
            noun="Image"
          />
        ) : (
          <p className="text-sm text-slate-600">Add the image on the next page; the banner shows once it has one.</p>
        )
      }
      saving={saving}
      onSubmit={save}
      submitLabel={banner ? 'Save banner' : 'Add banner'}
    >
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
      <PositionField
        hint="Lower numbers show first; the home popup shows the first banner."
        value={position}
        onChange={setPosition}
        error={saving.errors.position}
      />
      {banner && (
        <CheckboxField name="isActive" label="Show on the home page" checked={isActive} onChange={setIsActive} />
      )}
    </ContentFormPage>
  );
}
