import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type DragEvent, useEffect, useId, useRef, useState } from 'react';
import {
  itemTitle,
  PHOTO_ORDER_MESSAGES as M,
  MAX_PHOTOS_PER_ITEM,
  PERSON_NAME_MAX_LENGTH,
  PHOTO_ORDER_UPLOAD,
  type PhotoItem,
} from '../../../../domain/photos/orders.ts';
import { type PhotoSizeId, sizeTitle } from '../../../../domain/photos/sizes.ts';
import { MEGABYTE } from '../../../../domain/uploads/file-types.ts';
import { refusalBeforeSending } from '../../../../domain/uploads/refuse-early.ts';
import { FormAlert } from '../../../components/ui/form-field.tsx';
import { Icon } from '../../../components/ui/icon.tsx';
import { LoadError } from '../../../components/ui/load-error.tsx';
import { UploadProgress } from '../../../components/ui/upload-progress.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { usePendingUploads } from '../../../lib/pending-uploads.ts';
import {
  addPhotoItem,
  getPhotoFileTypes,
  getPhotoSizes,
  namePhotoItem,
  type PhotoFileType,
  photoKeys,
  removePhotoItem,
  uploadPhoto,
} from '../../../lib/photo-api.ts';
import { newKey } from '../../../lib/start-key.ts';
import { ConfirmRemove } from './confirm-remove.tsx';
import { PhotoCard } from './photo-card.tsx';
import { StepActions, type StepProps } from './step-parts.tsx';
import { ITEMS_TEXT } from './text.ts';
import { useOrderChange } from './use-order.ts';

const STATIC = { staleTime: Number.POSITIVE_INFINITY } as const;

/** Step 1: items (a size and its document), each with up to four photos and their checks. */
export function ItemsStep({ order, goTo, moving }: StepProps) {
  const ref = order.displayId;
  const sizes = useQuery({ queryKey: photoKeys.sizes, queryFn: async () => (await getPhotoSizes()).data, ...STATIC });
  const fileTypes = useQuery({
    queryKey: photoKeys.fileTypes,
    queryFn: async () => (await getPhotoFileTypes()).data,
    ...STATIC,
  });
  const add = useOrderChange(ref, ({ size, key }: { size: PhotoSizeId; key: string }) => addPhotoItem(ref, size, key));
  // One key per item added, kept for a tap again after a failure: an add whose answer was lost is
  // that item, not a second one to pay for. Another size is another item.
  const addKey = useRef<{ size: PhotoSizeId; key: string } | null>(null);
  const [size, setSize] = useState<PhotoSizeId | ''>('');
  const [sizeError, setSizeError] = useState<string | null>(null);
  const selectId = useId();
  // The item just added: its heading takes the focus once its card is in, so the tap is answered
  // and the next Tab reaches its photos (the button keeps the focus and said nothing, review 62 §4).
  const [added, setAdded] = useState<number | null>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the items are the reason: the card arrives with them.
  useEffect(() => {
    if (added === null) return;
    const heading = document.getElementById(`item-${added}-title`);
    if (!heading) return;
    setAdded(null);
    heading.focus();
  }, [added, order.items]);
  const ready = order.items.length > 0 && order.items.every((item) => item.photos.length > 0);
  // Continue waits for photos on their way (leaving would abandon them), and stays beside one that failed.
  const uploads = usePendingUploads();
  const next = async () => {
    if (await uploads.settled()) goTo(2);
  };

  const submit = () => {
    // A second tap while the first adds would add (and price) a second item.
    if (add.isPending) return;
    if (!size) return setSizeError(M.sizeRequired);
    setSizeError(null);
    if (addKey.current?.size !== size) addKey.current = { size, key: newKey() };
    add.mutate(addKey.current, {
      onSuccess: ({ data }) => {
        setSize('');
        addKey.current = null;
        const before = new Set(order.items.map((item) => item.id));
        setAdded((data.items.find((item) => !before.has(item.id)) ?? data.items.at(-1))?.id ?? null);
      },
    });
  };

  return (
    <div>
      <p className="max-w-3xl text-slate-700">{ITEMS_TEXT.lead}</p>
      {sizes.isError ? (
        <div className="mt-6">
          <LoadError what={ITEMS_TEXT.loadSizes} onRetry={() => void sizes.refetch()} />
        </div>
      ) : (
        <form
          className="card mt-6 flex flex-col gap-3 sm:flex-row sm:items-end"
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            submit();
          }}
        >
          <div className="min-w-0 flex-1">
            <label htmlFor={selectId} className="field-label">
              {ITEMS_TEXT.sizeLabel}
            </label>
            <select
              id={selectId}
              value={size}
              onChange={(event) => setSize(event.target.value as PhotoSizeId | '')}
              aria-invalid={sizeError ? true : undefined}
              aria-describedby={sizeError ? `${selectId}-error` : undefined}
              className="field-input mt-1"
              disabled={!sizes.data}
            >
              <option value="">{sizes.data ? ITEMS_TEXT.sizePlaceholder : 'Loading sizes…'}</option>
              {(sizes.data ?? []).map((s) => (
                <option key={s.id} value={s.id}>
                  {sizeTitle(s)}
                </option>
              ))}
            </select>
            {sizeError ? (
              <p id={`${selectId}-error`} role="alert" className="field-error">
                <Icon name="circle-alert" className="mt-0.5 size-4" />
                {sizeError}
              </p>
            ) : null}
          </div>
          <button type="submit" className="btn-primary px-5 py-2.5" aria-disabled={add.isPending || undefined}>
            <Icon
              name={add.isPending ? 'loader-circle' : 'plus'}
              className={add.isPending ? 'size-4 animate-spin' : 'size-4'}
            />
            {add.isPending ? ITEMS_TEXT.adding : ITEMS_TEXT.add}
          </button>
        </form>
      )}
      {add.isError ? (
        <div className="mt-3">
          <FormAlert tone="error">{errorMessage(add.error, ITEMS_TEXT.addFailed)}</FormAlert>
        </div>
      ) : null}

      {order.items.length === 0 ? (
        <div className="mt-6 rounded-2xl border border-dashed border-slate-300 bg-white px-6 py-10 text-center">
          <Icon name="camera" className="mx-auto size-9 text-slate-400" />
          <p className="mt-3 text-slate-700">{ITEMS_TEXT.empty}</p>
        </div>
      ) : (
        <ul className="mt-6 space-y-6">
          {order.items.map((item) => (
            <li key={item.id}>
              <ItemCard
                orderRef={ref}
                item={item}
                fileTypes={fileTypes.data ?? null}
                note={sizeNote(sizes.data, item)}
                trackUpload={uploads.track}
              />
            </li>
          ))}
        </ul>
      )}
      <StepActions
        busy={moving || uploads.waiting}
        disabled={!ready}
        hint={uploads.waiting ? ITEMS_TEXT.finishingUploads : ready ? null : ITEMS_TEXT.needPhoto}
        onContinue={() => void next()}
      />
    </div>
  );
}

function sizeNote(sizes: { id: string; note: string }[] | undefined, item: PhotoItem): string | null {
  return sizes?.find((s) => s.id === item.photoSize)?.note ?? null;
}

interface Upload {
  id: number;
  file: File;
  progress: number;
  controller: AbortController;
  error: string | null;
  /** Refused for what the file is (too large, not a photo): sending it again cannot help. */
  final?: boolean;
}

let uploadIds = 0;

/** One item: its size, its photos with their checks, and the drop zone while it has room. */
function ItemCard({
  orderRef,
  item,
  fileTypes,
  note,
  trackUpload,
}: {
  orderRef: string;
  item: PhotoItem;
  fileTypes: PhotoFileType[] | null;
  note: string | null;
  /** Tells the step until when a photo is on its way (true once in or cancelled): Continue waits. */
  trackUpload(key: string, sending: Promise<boolean>): void;
}) {
  const remove = useOrderChange(orderRef, () => removePhotoItem(orderRef, item.id));
  const name = useOrderChange(orderRef, (personName: string) => namePhotoItem(orderRef, item.id, personName));
  const nameId = `item-${item.id}-person`;
  const saveName = (typed: string) => {
    if (typed.trim() !== (item.personName ?? '')) name.mutate(typed);
  };
  const [uploads, setUploads] = useState<Upload[]>([]);
  // Files chosen beyond the item's four: named, not silently dropped; each starts when a refused
  // or cancelled upload gives its place back.
  const [leftOut, setLeftOut] = useState<string[]>([]);
  const waiting = useRef<File[]>([]);
  const room = MAX_PHOTOS_PER_ITEM - item.photos.length - uploads.filter((u) => !u.error).length;
  const titleId = `item-${item.id}-title`;
  const removeItemButton = {
    'aria-label': `${ITEMS_TEXT.removeItem}: ${sizeTitle(item)}`,
    className: 'address-action',
    children: (
      <>
        <Icon name="trash-2" className="size-4" />
        {ITEMS_TEXT.removeItem}
      </>
    ),
  };

  const patch = (id: number, change: Partial<Upload>) =>
    setUploads((list) => list.map((u) => (u.id === id ? { ...u, ...change } : u)));
  const drop = (id: number) => setUploads((list) => list.filter((u) => u.id !== id));

  const { refetchOrder } = useRefetchOrder(orderRef);
  // The item removed (or the step left another way): its photos on their way stop.
  const controllers = useRef(new Set<AbortController>());
  useEffect(
    () => () => {
      for (const controller of controllers.current) controller.abort();
    },
    [],
  );
  // A place given back (a refused or cancelled photo): the next file waiting for one takes it.
  const beginNextWaiting = () => {
    const next = waiting.current.shift();
    setLeftOut(waiting.current.map((f) => f.name));
    if (next) begin(next);
  };
  const begin = (file: File) => {
    // Refused before a byte goes: the server would answer the same after the whole file crossed a slow line.
    const refused = refusalBeforeSending(file, PHOTO_ORDER_UPLOAD);
    if (refused) {
      setUploads((list) => [
        ...list,
        { id: ++uploadIds, file, progress: 0, controller: new AbortController(), error: refused, final: true },
      ]);
      beginNextWaiting();
      return;
    }
    const upload: Upload = { id: ++uploadIds, file, progress: 0, controller: new AbortController(), error: null };
    controllers.current.add(upload.controller);
    setUploads((list) => [...list, upload]);
    const sending = uploadPhoto(orderRef, item.id, file, {
      signal: upload.controller.signal,
      onProgress: (progress) => patch(upload.id, { progress }),
    }).then(
      async () => {
        await refetchOrder();
        drop(upload.id);
        return true;
      },
      async (error) => {
        const cancelled = upload.controller.signal.aborted;
        if (cancelled) drop(upload.id);
        else patch(upload.id, { error: errorMessage(error, ITEMS_TEXT.uploadFailed) });
        beginNextWaiting();
        // The server may have kept it all the same (an answer lost on the way): the photos as they are.
        await refetchOrder();
        return cancelled;
      },
    );
    void sending.finally(() => controllers.current.delete(upload.controller));
    trackUpload(`photo-${upload.id}`, sending);
  };
  const retry = (upload: Upload) => {
    drop(upload.id);
    begin(upload.file);
  };
  const start = (files: File[]) => {
    waiting.current = files.slice(Math.max(0, room));
    setLeftOut(waiting.current.map((file) => file.name));
    for (const file of files.slice(0, Math.max(0, room))) begin(file);
  };

  return (
    <article aria-labelledby={titleId} className="card">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <h3 id={titleId} tabIndex={-1} className="text-lg font-bold text-slate-900 outline-none">
            {itemTitle(item)}
          </h3>
          <p className="text-sm text-slate-700">{item.label}</p>
          {note ? <p className="mt-1 text-sm text-slate-600">{note}</p> : null}
        </div>
        {item.photos.length === 0 && !uploads.some((u) => !u.error) && leftOut.length === 0 ? (
          <button
            type="button"
            onClick={() =>
              // The button goes with the item: the focus goes to the step's heading, not the page.
              // A refusal is said below (remove.isError).
              remove.mutateAsync(undefined).then(
                () => document.getElementById('photo-step-heading')?.focus(),
                () => {},
              )
            }
            aria-disabled={remove.isPending || undefined}
            {...removeItemButton}
          />
        ) : (
          // Its photos, or those on their way, would go with it: asked first.
          <ConfirmRemove
            trigger={<button type="button" {...removeItemButton} />}
            title={ITEMS_TEXT.removeItemTitle(itemTitle(item))}
            description={ITEMS_TEXT.removeItemDescription(item.photos.length + uploads.filter((u) => !u.error).length)}
            remove={() => remove.mutateAsync(undefined)}
            focusAfter={() => document.getElementById('photo-step-heading')}
          />
        )}
      </div>
      <div className="mt-3 max-w-sm">
        <label htmlFor={nameId} className="field-label">
          {ITEMS_TEXT.personName}
        </label>
        <input
          id={nameId}
          defaultValue={item.personName ?? ''}
          maxLength={PERSON_NAME_MAX_LENGTH}
          autoComplete="off"
          aria-describedby={`${nameId}-hint${name.isError ? ` ${nameId}-error` : ''}`}
          aria-invalid={name.isError || undefined}
          onBlur={(event) => saveName(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === 'Enter') {
              event.preventDefault();
              saveName(event.currentTarget.value);
            }
          }}
          className="field-input mt-1"
        />
        <p id={`${nameId}-hint`} className="mt-1 text-xs text-slate-600">
          {ITEMS_TEXT.personHint}
        </p>
        {name.isError ? (
          <p id={`${nameId}-error`} role="alert" className="field-error">
            {errorMessage(name.error, ITEMS_TEXT.nameFailed)}
          </p>
        ) : null}
      </div>
      {remove.isError ? (
        <div className="mt-3">
          <FormAlert tone="error">{errorMessage(remove.error, ITEMS_TEXT.removeFailed)}</FormAlert>
        </div>
      ) : null}
      {item.photos.length > 0 ? (
        <ul className="mt-4 space-y-4">
          {item.photos.map((photo) => (
            <li key={photo.id}>
              <PhotoCard
                orderRef={orderRef}
                itemId={item.id}
                photo={photo}
                focusAfterRemove={() => document.getElementById(titleId)}
              />
            </li>
          ))}
        </ul>
      ) : null}
      {uploads.length > 0 ? (
        <ul className="mt-4 space-y-3">
          {uploads.map((upload) => (
            <li key={upload.id} className="rounded-xl border border-slate-200 p-3">
              <p className="truncate text-sm font-medium text-slate-900">{upload.file.name}</p>
              {upload.error ? (
                <div className="mt-2 flex flex-wrap items-center gap-3">
                  <p role="alert" className="field-error mt-0">
                    <Icon name="circle-alert" className="mt-0.5 size-4" />
                    {upload.error}
                  </p>
                  {upload.final ? null : (
                    <button type="button" className="address-action" onClick={() => retry(upload)}>
                      <Icon name="refresh-cw" className="size-4" />
                      {ITEMS_TEXT.retryUpload}
                    </button>
                  )}
                  <button type="button" className="address-action" onClick={() => drop(upload.id)}>
                    {ITEMS_TEXT.dismissUpload}
                  </button>
                </div>
              ) : (
                <div className="mt-2 space-y-1">
                  <UploadProgress
                    name={upload.file.name}
                    progress={upload.progress}
                    onCancel={() => upload.controller.abort()}
                  />
                </div>
              )}
            </li>
          ))}
        </ul>
      ) : null}
      {leftOut.length > 0 ? (
        <p role="alert" className="mt-4 text-sm font-medium text-amber-800">
          {ITEMS_TEXT.leftOut(leftOut)}
        </p>
      ) : null}
      {room > 0 ? (
        <DropZone fileTypes={fileTypes} onFiles={start} label={sizeTitle(item)} />
      ) : (
        <p className="mt-4 text-sm text-slate-600">{ITEMS_TEXT.full}</p>
      )}
    </article>
  );
}

function useRefetchOrder(orderRef: string) {
  const queryClient = useQueryClient();
  return { refetchOrder: () => queryClient.invalidateQueries({ queryKey: photoKeys.order(orderRef) }) };
}

/** Drag a photo in, or pick one (the picker is a real file input: keyboard and screen readers reach it). */
function DropZone({
  fileTypes,
  onFiles,
  label,
}: {
  fileTypes: PhotoFileType[] | null;
  onFiles(files: File[]): void;
  label: string;
}) {
  const [over, setOver] = useState(false);
  const accept = fileTypes ? fileTypes.flatMap((t) => [...t.mimeTypes, ...t.extensions]).join(',') : 'image/*';
  const typesText = fileTypes ? fileTypes.map((t) => t.label).join(', ') : 'JPEG, PNG, HEIC';
  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setOver(false);
    onFiles(Array.from(event.dataTransfer.files));
  };
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: the drop target is a convenience; the file input inside does the same for keyboards.
    <div
      onDragOver={(event) => {
        event.preventDefault();
        setOver(true);
      }}
      onDragLeave={() => setOver(false)}
      onDrop={onDrop}
      className={`mt-4 rounded-2xl border-2 border-dashed px-4 py-6 text-center ${over ? 'border-brand-600 bg-brand-50' : 'border-slate-300 bg-slate-50'}`}
    >
      <Icon name="image" className="mx-auto size-8 text-slate-500" />
      <p className="mt-2 text-slate-800">
        {ITEMS_TEXT.drop}{' '}
        <label className="cursor-pointer rounded font-semibold text-brand-700 underline underline-offset-4 focus-within:outline-2 focus-within:outline-offset-2 focus-within:outline-brand-600">
          {ITEMS_TEXT.choose}
          <span className="sr-only"> for {label}</span>
          <input
            type="file"
            accept={accept}
            multiple
            className="sr-only"
            onChange={(event) => {
              onFiles(Array.from(event.target.files ?? []));
              event.target.value = '';
            }}
          />
        </label>
      </p>
      <p className="mt-1 text-sm text-slate-600">
        {ITEMS_TEXT.accepts(typesText, Math.round(PHOTO_ORDER_UPLOAD.maxBytes / MEGABYTE))}
      </p>
    </div>
  );
}
