import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { type AdminOffer, offerFormSchema } from '../../../domain/admin/content.ts';
import { ROUTES } from '../../../domain/config/routes.ts';
import {
  CheckboxField,
  fieldErrorsOf,
  isoToLocalInput,
  localInputToIso,
  TextField,
  useContentSave,
} from './content-fields.tsx';
import { ActionOutcome } from './use-admin-action.tsx';

/** Admins: a new offer (`offer` null) or a change to one, checked with the API's own schema. */
export function OfferFormPage({ offer }: { offer: AdminOffer | null }) {
  const navigate = useNavigate();
  const saving = useContentSave();
  const [title, setTitle] = useState(offer?.title ?? '');
  const [description, setDescription] = useState(offer?.description ?? '');
  const [isActive, setIsActive] = useState(offer?.isActive ?? true);
  const [position, setPosition] = useState(String(offer?.position ?? 0));
  const [startsAt, setStartsAt] = useState(isoToLocalInput(offer?.startsAt ?? null));
  const [endsAt, setEndsAt] = useState(isoToLocalInput(offer?.endsAt ?? null));

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    const parsed = offerFormSchema.safeParse({
      title,
      description,
      isActive,
      position: position.trim() === '' ? Number.NaN : Number(position),
      startsAt: localInputToIso(startsAt),
      endsAt: localInputToIso(endsAt),
    });
    if (!parsed.success) return saving.showErrors(fieldErrorsOf(parsed.error));
    const saved = offer
      ? await saving.save<AdminOffer>('PUT', `/admin/offers/${offer.id}`, parsed.data)
      : await saving.save<AdminOffer>('POST', '/admin/offers', parsed.data);
    if (saved && !offer) await navigate(`${ROUTES.ADMIN_CONTENT}/offers/${saved.id}`);
  };

  return (
    <section aria-labelledby="offer-title" className="flex max-w-xl flex-col gap-4">
      <p>
        <Link to={ROUTES.ADMIN_CONTENT} className="text-sm text-brand-700 hover:underline">
          ← Content
        </Link>
      </p>
      <h1 id="offer-title" className="text-2xl font-bold text-slate-900">
        {offer ? `Offer: ${offer.title}` : 'New offer'}
      </h1>
      <form onSubmit={submit} noValidate className="flex flex-col gap-4">
        <TextField name="title" label="Title" value={title} onChange={setTitle} error={saving.errors.title} />
        <TextField
          name="description"
          label="Description"
          value={description}
          onChange={setDescription}
          error={saving.errors.description}
          multiline
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
        <div>
          <button
            type="submit"
            disabled={saving.pending}
            className="rounded-lg bg-brand-600 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-700 disabled:opacity-60"
          >
            {offer ? 'Save offer' : 'Add offer'}
          </button>
        </div>
        <ActionOutcome outcome={saving.outcome} />
      </form>
    </section>
  );
}
