import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { OrderPhoto } from '../../../../domain/photos/orders.ts';
import { PhotoChecks } from '../../../components/photo-checks.tsx';
import { Icon } from '../../../components/ui/icon.tsx';
import { LoadingStatus } from '../../../components/ui/loading-status.tsx';
import { getOrderPhoto, photoKeys, removeOrderPhoto } from '../../../lib/photo-api.ts';
import { ConfirmRemove } from './confirm-remove.tsx';
import { fittedFigures } from './order-words.ts';
import { ITEMS_TEXT } from './text.ts';
import { useOrderChange } from './use-order.ts';

/** How often a photo under check is asked again (the check takes about a second). */
export const PHOTO_POLL_MS = 1000;

/**
 * One uploaded photo (removed after a confirmation: a tap too many on a phone loses an upload): asked again until its check is done, then its report (each rule passed or
 * not, what was measured against what is needed, the fix in plain words) and the fitted result
 * beside the original.
 */
export function PhotoCard({
  orderRef,
  itemId,
  photo,
  focusAfterRemove,
}: {
  orderRef: string;
  itemId: number;
  photo: OrderPhoto;
  /** Where the focus goes once the photo is removed (its card, and the button, are gone). */
  focusAfterRemove: () => HTMLElement | null;
}) {
  const queryClient = useQueryClient();
  const remove = useOrderChange(orderRef, () => removeOrderPhoto(orderRef, itemId, photo.id));
  const polled = useQuery({
    queryKey: photoKeys.photo(orderRef, photo.id),
    queryFn: async () => (await getOrderPhoto(orderRef, itemId, photo.id)).data,
    enabled: photo.state === 'pending',
    refetchInterval: (query) => (query.state.data && query.state.data.state !== 'pending' ? false : PHOTO_POLL_MS),
  });
  const settled = polled.data && polled.data.state !== 'pending';
  // Checked: the order (its items and links) is read again, so every step sees the result.
  useEffect(() => {
    if (settled) void queryClient.invalidateQueries({ queryKey: photoKeys.order(orderRef) });
  }, [settled, orderRef, queryClient]);
  const current = settled && polled.data ? polled.data : photo;
  const report = current.report;
  const figures = fittedFigures(report?.fitted ?? null);

  return (
    <div className="rounded-xl border border-slate-200 p-3 sm:p-4">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <p className="min-w-0 truncate font-medium text-slate-900">{current.name}</p>
        <ConfirmRemove
          trigger={
            <button type="button" aria-label={ITEMS_TEXT.removePhoto(current.name)} className="address-action">
              <Icon name="trash-2" className="size-4" />
              Remove
            </button>
          }
          title={ITEMS_TEXT.removePhotoTitle(current.name)}
          description={ITEMS_TEXT.removePhotoDescription}
          remove={() => remove.mutateAsync(undefined)}
          focusAfter={focusAfterRemove}
        />
      </div>
      <div className="mt-3 grid gap-4 sm:grid-cols-2">
        <figure>
          <img
            src={current.links.original}
            alt={`${ITEMS_TEXT.original}: ${current.name}`}
            className="aspect-square w-full rounded-lg bg-slate-100 object-contain"
            loading="lazy"
          />
          <figcaption className="mt-1 text-sm text-slate-600">{ITEMS_TEXT.original}</figcaption>
        </figure>
        <figure>
          {current.links.fitted ? (
            <img
              src={current.links.fitted}
              alt={`${ITEMS_TEXT.fitted}: ${current.name}`}
              className="aspect-square w-full rounded-lg bg-slate-100 object-contain"
              loading="lazy"
            />
          ) : (
            <div className="grid aspect-square w-full place-items-center rounded-lg bg-slate-100 p-4 text-center text-sm text-slate-600">
              {current.state === 'pending' ? (
                <Icon name="loader-circle" className="size-8 animate-spin text-slate-500" />
              ) : (
                ITEMS_TEXT.notFitted
              )}
            </div>
          )}
          <figcaption className="mt-1 text-sm text-slate-600">
            {ITEMS_TEXT.fitted}
            {figures ? <span className="block font-medium text-slate-800">{figures}</span> : null}
          </figcaption>
        </figure>
      </div>
      <div aria-live="polite" className="mt-4">
        {current.state === 'pending' ? (
          <LoadingStatus>{ITEMS_TEXT.checking}</LoadingStatus>
        ) : current.state === 'failed' ? (
          <p className="field-error">
            <Icon name="circle-alert" className="mt-0.5 size-4" />
            {current.error ?? ITEMS_TEXT.checkFailed}
          </p>
        ) : report ? (
          <PhotoChecks report={report} name={current.name} />
        ) : null}
      </div>
    </div>
  );
}
