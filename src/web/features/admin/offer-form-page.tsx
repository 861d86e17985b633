import { useState } from 'react';
import { type AdminOffer, offerEditSchema, offerFormSchema } from '../../../domain/admin/content.ts';
import { ROUTES } from '../../../domain/config/routes.ts';
import { CheckboxField, isoToLocalInput, localInputToIso, TextField } from './content-fields.tsx';
import { ContentFormPage, PositionField, positionValue, useContentRecordSave } from './content-form-page.tsx';

/** Admins: a new offer (`offer` null) or a change to one, checked with the API's own schema. */
export function OfferFormPage({ offer }: { offer: AdminOffer | null }) {
  const { saving, submit } = useContentRecordSave({
    record: offer,
    schema: offerFormSchema,
    editSchema: offerEditSchema,
    apiPath: '/admin/offers',
    pagePath: `${ROUTES.ADMIN_CONTENT}/offers`,
  });
  const [title, setTitle] = useState(offer?.title ?? '');
  const [description, setDescription] = useState(offer?.description ?? '');
  const [isActive, setIsActive] = useState(offer?.isActive ?? true);
  const [position, setPosition] = useState(String(offer?.position ?? 0));
  const [startsAt, setStartsAt] = useState(isoToLocalInput(offer?.startsAt ?? null));
  const [endsAt, setEndsAt] = useState(isoToLocalInput(offer?.endsAt ?? null));

  const save = async () => {
    await submit({
      title,
      description,
      isActive,
      position: positionValue(position),
      startsAt: localInputToIso(startsAt),
      endsAt: localInputToIso(endsAt),
    });
  };

  return (
    <ContentFormPage
      titleId="offer-title"
      title={offer ? `Offer: ${offer.title}` : 'New offer'}
      saving={saving}
      onSubmit={save}
      submitLabel={offer ? 'Save offer' : 'Add offer'}
    >
      <TextField name="title" label="Title" value={title} onChange={setTitle} error={saving.errors.title} />
      <TextField
        name="description"
        label="Description"
        value={description}
        onChange={setDescription}
        error={saving.errors.description}
        multiline
      />
      <PositionField
        hint="Lower numbers show first."
        value={position}
        onChange={setPosition}
        error={saving.errors.position}
      />
      <TextField
        name="startsAt"
        label="Starts (UTC, optional)"
        type="datetime-local"
        value={startsAt}
        onChange={setStartsAt}
        error={saving.errors.startsAt}
      />
      <TextField
        name="endsAt"
        label="Ends (UTC, optional)"
        type="datetime-local"
        value={endsAt}
        onChange={setEndsAt}
        error={saving.errors.endsAt}
      />
      <CheckboxField name="isActive" label="Show on the offers strip" checked={isActive} onChange={setIsActive} />
    </ContentFormPage>
  );
}
