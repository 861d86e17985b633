import { type AdminBanner, bannerEditSchema, bannerFormSchema } from '../../../domain/admin/content.ts';
import { ADMIN_ROUTES } from '../../../domain/config/admin-routes.ts';
import { CheckboxField, ImageUploadForm, TextField } from './content-fields.tsx';
import { ContentFormPage, PositionField, positionValue, useContentRecordForm } from './content-form-page.tsx';

const fieldsOf = (banner: AdminBanner | null) => ({
  altText: banner?.altText ?? '',
  link: banner?.link ?? '',
  buttonText: banner?.buttonText ?? '',
  position: String(banner?.position ?? 0),
  isActive: banner?.isActive ?? false,
});

/**
 * Admins: a new banner (`banner` null; it starts hidden) or a change to one, and its image: JPEG,
 * PNG or HEIC up to 5 MB, checked and re-encoded by the server.
 */
export function BannerFormPage({ banner: loaded }: { banner: AdminBanner | null }) {
  const {
    saving,
    submit,
    row: banner,
    fields,
    setField,
    tookUpload,
  } = useContentRecordForm({
    record: loaded,
    fieldsOf,
    bodyOf: (f) => ({ ...f, position: positionValue(f.position) }),
    schema: bannerFormSchema,
    editSchema: bannerEditSchema,
    apiPath: '/admin/banners',
    pagePath: `${ADMIN_ROUTES.CONTENT}/banners`,
  });
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
            onUploaded={tookUpload}
          />
        ) : (
          <p className="text-sm text-slate-600">Add the image on the next page; the banner shows once it has one.</p>
        )
      }
      saving={saving}
      onSubmit={submit}
      submitLabel={banner ? 'Save banner' : 'Add banner'}
    >
      <TextField
        name="altText"
        label="Image description"
        hint="Read out to people who cannot see the image."
        value={fields.altText}
        onChange={setField('altText')}
        error={saving.errors.altText}
      />
      <TextField
        name="link"
        label="Link (optional)"
        hint="https://… or a page of this site such as /services"
        value={fields.link}
        onChange={setField('link')}
        error={saving.errors.link}
      />
      <TextField
        name="buttonText"
        label="Button text (optional)"
        value={fields.buttonText}
        onChange={setField('buttonText')}
        error={saving.errors.buttonText}
      />
      <PositionField
        hint="Lower numbers show first; the home popup shows the first banner."
        value={fields.position}
        onChange={setField('position')}
        error={saving.errors.position}
      />
      {banner && (
        <CheckboxField
          name="isActive"
          label="Show on the home page"
          checked={fields.isActive}
          onChange={setField('isActive')}
        />
      )}
    </ContentFormPage>
  );
}
