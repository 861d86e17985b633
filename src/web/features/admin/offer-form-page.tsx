import { type AdminOffer, offerEditSchema, offerFormSchema } from '../../../domain/admin/content.ts';
import { ADMIN_ROUTES } from '../../../domain/config/admin-routes.ts';
import { CheckboxField, isoToLocalInput, localInputToIso, TextField } from './content-fields.tsx';
import { ContentFormPage, PositionField, positionValue, useContentRecordForm } from './content-form-page.tsx';

const fieldsOf = (offer: AdminOffer | null) => ({
  title: offer?.title ?? '',
  description: offer?.description ?? '',
  isActive: offer?.isActive ?? true,
  position: String(offer?.position ?? 0),
  startsAt: isoToLocalInput(offer?.startsAt ?? null),
  endsAt: isoToLocalInput(offer?.endsAt ?? null),
});

/** Admins: a new offer (`offer` null) or a change to one, checked with the API's own schema. */
export function OfferFormPage({ offer: loaded }: { offer: AdminOffer | null }) {
  const {
    saving,
    submit,
    row: offer,
    fields,
    setField,
  } = useContentRecordForm({
    record: loaded,
    fieldsOf,
    bodyOf: (f) => ({
      ...f,
      position: positionValue(f.position),
      startsAt: localInputToIso(f.startsAt),
      endsAt: localInputToIso(f.endsAt),
    }),
    schema: offerFormSchema,
    editSchema: offerEditSchema,
    apiPath: '/admin/offers',
    pagePath: `${ADMIN_ROUTES.CONTENT}/offers`,
  });
  return (
    <ContentFormPage
      titleId="offer-title"
      title={offer ? `Offer: ${offer.title}` : 'New offer'}
      saving={saving}
      onSubmit={submit}
      submitLabel={offer ? 'Save offer' : 'Add offer'}
    >
      <TextField
        name="title"
        label="Title"
        value={fields.title}
        onChange={setField('title')}
        error={saving.errors.title}
      />
      <TextField
        name="description"
        label="Description"
        value={fields.description}
        onChange={setField('description')}
        error={saving.errors.description}
        multiline
      />
      <PositionField
        hint="Lower numbers show first."
        value={fields.position}
        onChange={setField('position')}
        error={saving.errors.position}
      />
      <TextField
        name="startsAt"
        label="Starts (UTC, optional)"
        type="datetime-local"
        value={fields.startsAt}
        onChange={setField('startsAt')}
        error={saving.errors.startsAt}
      />
      <TextField
        name="endsAt"
        label="Ends (UTC, optional)"
        type="datetime-local"
        value={fields.endsAt}
        onChange={setField('endsAt')}
        error={saving.errors.endsAt}
      />
      <CheckboxField
        name="isActive"
        label="Show on the offers strip"
        checked={fields.isActive}
        onChange={setField('isActive')}
      />
    </ContentFormPage>
  );
}
