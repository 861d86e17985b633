import { useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { isBorderline } from '../../../../domain/photos/borderline.ts';
import type { OrderPhoto, PhotoItem, PhotoOrder } from '../../../../domain/photos/orders.ts';
import { SECOND_LOOK_TEXT, waitsForPerson } from '../../../../domain/photos/second-look.ts';
import { Icon } from '../../../components/ui/icon.tsx';
import { Panel } from '../../../components/ui/panel.tsx';
import { ApiError, uploadFile } from '../../../lib/api-client.ts';
import { photoKeys } from '../../../lib/photo-api.ts';
import { PAID_TEXT } from './text.ts';

/**
 * Review and pay: when a photo waits for a person (the customer asked, or it passed close to a
 * limit), the promise of when it is checked (issue 31 §4), and why for a borderline photo: its
 * download waits, and its prints when the order has any (a delivery: none for a Digital Copy).
 */
export function SecondLookNotice({ order }: { order: PhotoOrder }) {
  if (!waitsForPerson(order)) return null;
  const borderline = order.items.some((item) =>
    item.photos.some((photo) => photo.secondLook === 'requested' && isBorderline(photo.report)),
  );
  return (
    <div role="note" className="mb-4 rounded-xl border border-sky-200 bg-sky-50 p-3 text-sm text-slate-900">
      <p className="flex gap-2 font-semibold">
        <Icon name="clock" className="mt-0.5 size-4" />
        {SECOND_LOOK_TEXT.promise}
      </p>
      {borderline ? <p className="mt-1">{SECOND_LOOK_TEXT.borderline(order.deliveryMethod !== null)}</p> : null}
    </div>
  );
}

export const RETAKE_TEXT = {
  uploading: 'Uploading your new photo…',
  failed: 'We could not upload your photo. Please try again.',
  chooseFile: 'Choose a photo first.',
} as const;

/** A rejected photo's free retake: the reason, and an upload that replaces it. */
function Retake({ order, item, photo }: { order: PhotoOrder; item: PhotoItem; photo: OrderPhoto }) {
  const queryClient = useQueryClient();
  const inputId = useId();
  const [file, setFile] = useState<File | null>(null);
  const [state, setState] = useState<{ busy: boolean; message: string | null; error: boolean }>({
    busy: false,
    message: null,
    error: false,
  });
  const send = async (event: React.FormEvent) => {
    event.preventDefault();
    if (!photo.retakeUrl) return;
    if (!file) return setState({ busy: false, message: RETAKE_TEXT.chooseFile, error: true });
    setState({ busy: true, message: RETAKE_TEXT.uploading, error: false });
    try {
      await uploadFile(photo.retakeUrl, file);
      setState({ busy: false, message: null, error: false });
      await queryClient.invalidateQueries({ queryKey: photoKeys.order(order.displayId) });
    } catch (error) {
      const message = error instanceof ApiError && error.serverMessage ? error.serverMessage : RETAKE_TEXT.failed;
      setState({ busy: false, message, error: true });
    }
  };
  return (
    <form onSubmit={send} noValidate className="mt-2 space-y-2">
      <p className="text-sm text-slate-800">{SECOND_LOOK_TEXT.retakeLead}</p>
      <label htmlFor={inputId} className="block text-sm font-medium text-slate-900">
        {SECOND_LOOK_TEXT.retakeLabel}: {item.documentType}
      </label>
      <input
        id={inputId}
        type="file"
        accept="image/jpeg,image/png,image/heic"
        onChange={(event) => setFile(event.target.files?.[0] ?? null)}
        className="field-input mt-1 text-sm file:mr-3 file:rounded-md file:border-0 file:bg-brand-50 file:px-3 file:py-1 file:font-semibold file:text-brand-800"
      />
      <button type="submit" disabled={state.busy} className="btn-primary px-4 py-2 text-sm">
        {SECOND_LOOK_TEXT.retakeLabel}
      </button>
      <p role="status" className={`text-sm ${state.error ? 'text-red-700' : 'text-slate-700'}`}>
        {state.message ?? ''}
      </p>
    </form>
  );
}

/** What the customer reads of a looked-at photo: the promise, the approval, or why it was turned down. */
function standingWords(photo: OrderPhoto): string {
  if (photo.secondLook === 'requested') return SECOND_LOOK_TEXT.promise;
  if (photo.secondLook === 'approved') return SECOND_LOOK_TEXT.approved;
  const reason = photo.secondLookReason ?? '';
  // A retake its check could not read was turned down by the check, not a person: the reason alone.
  return photo.state === 'failed' ? reason : SECOND_LOOK_TEXT.rejected(reason);
}

/**
 * A paid order's photos a person looks at (issue 31 §4): each one's standing — waiting (with the
 * promise), approved, or rejected with the reason and the free retake.
 */
export function SecondLookPanel({ order }: { order: PhotoOrder }) {
  const looked = order.items.flatMap((item) =>
    item.photos.filter((photo) => photo.secondLook !== null).map((photo) => ({ item, photo })),
  );
  if (looked.length === 0) return null;
  return (
    <Panel id="photo-second-look" title={PAID_TEXT.secondLook}>
      <ul className="mt-3 space-y-3">
        {looked.map(({ item, photo }) => (
          <li
            key={photo.id}
            id={`retake-${photo.id}`}
            className={`rounded-xl border p-4 ${photo.secondLook === 'rejected' ? 'border-amber-300 bg-amber-50' : 'border-sky-200 bg-sky-50'}`}
          >
            <p className="font-semibold text-slate-900">
              {item.documentType}: <span className="break-all font-normal">{photo.name}</span>
            </p>
            <p role="note" className="mt-1 text-sm text-slate-900">
              {standingWords(photo)}
            </p>
            {photo.secondLook === 'rejected' ? <Retake order={order} item={item} photo={photo} /> : null}
          </li>
        ))}
      </ul>
    </Panel>
  );
}
