import { useEffect, useRef, useState } from 'react';
import type { UploadField } from '../../../../domain/forms/definition.ts';
import { fieldName } from '../../../../domain/forms/definition.ts';
import { acceptedFileTypes, type FileRef, fileProblem, maxFileSize } from '../../../../domain/forms/files.ts';
import { fileTypeList, formatBytes } from '../../../../domain/forms/messages.ts';
import type { ComplianceReport } from '../../../../domain/photos/compliance.ts';
import { PHOTO_PROMISE } from '../../../../domain/photos/promise.ts';
import { PHOTO_SIZES } from '../../../../domain/photos/sizes.ts';
import { PhotoChecks } from '../../../components/photo-checks.tsx';
import { Icon } from '../../../components/ui/icon.tsx';
import { UploadProgress } from '../../../components/ui/upload-progress.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { describedBy, FieldShell } from './field-shell.tsx';
import { useAnswer } from './use-answer.ts';

/** The server looked at the file and refused it: sending the same one again cannot help. */
const refusedFile = (failure: unknown): failure is ApiError =>
  failure instanceof ApiError && [400, 413, 415, 422].includes(failure.status);

export const UPLOAD_TEXT = {
  unavailable: 'Uploading is not available here yet. Please try again later.',
  failed: 'The upload did not finish. Please try again.',
  /** Sent: the server checks it (and fits a photo) before answering, a few seconds for a phone's photo. */
  checking: 'Uploaded. Checking it now…',
  /** Read out once the file is in (the field shows it; a screen reader hears it). */
  done: (name: string) => `${name} is uploaded.`,
  retry: 'Try again',
  /** A refusal that came without our words (a proxy's 413 page): the file goes, so another is asked for. */
  refused: 'We could not take this file. Please choose another one.',
  fittedTo: (label: string, bytes: number) => `Fitted to ${label}, ${formatBytes(bytes)}`,
  fittedAlt: (label: string) => `Your file fitted to ${label}`,
  chooseAnotherPhoto: 'Choose another photo',
} as const;

type Phase =
  | { kind: 'idle' }
  | { kind: 'chosen'; file: File }
  | { kind: 'uploading'; file: File; progress: number; controller: AbortController };

function isFileRef(value: unknown): value is FileRef {
  return typeof value === 'object' && value !== null && 'documentId' in value && 'name' in value;
}

/** A local preview of a chosen image, revoked when it is no longer shown. */
function usePreview(file: File | undefined): string | undefined {
  const [url, setUrl] = useState<string>();
  useEffect(() => {
    if (!file?.type.startsWith('image/') || typeof URL.createObjectURL !== 'function') return;
    const next = URL.createObjectURL(file);
    setUrl(next);
    return () => {
      URL.revokeObjectURL(next);
      setUrl(undefined);
    };
  }, [file]);
  return url;
}

function FileSummary({ name, size, preview, image }: { name: string; size: number; preview?: string; image: boolean }) {
  // Browsers other than Safari cannot draw HEIC: an image that fails to show falls back to the icon.
  const [broken, setBroken] = useState<string>();
  return (
    <div className="flex min-w-0 items-center gap-3">
      {preview && broken !== preview ? (
        <img
          src={preview}
          alt=""
          onError={() => setBroken(preview)}
          className="size-14 shrink-0 rounded-lg border border-slate-200 bg-white object-contain"
        />
      ) : (
        <span className="inline-flex size-14 shrink-0 items-center justify-center rounded-lg bg-brand-50 text-brand-700">
          <Icon name={image ? 'image' : 'file-text'} className="size-6" />
        </span>
      )}
      <span className="min-w-0">
        <span className="block truncate font-medium text-slate-900" title={name}>
          {name}
        </span>
        <span className="block text-sm text-slate-600">{formatBytes(size)}</span>
      </span>
    </div>
  );
}

/**
 * A stored image the upload service fitted to a portal's size: the fitted file large enough to
 * judge, its size, SevaPhotos' checks and the photo promise.
 */
function FittedImage({ report, name, preview }: { report: ComplianceReport; name: string; preview?: string }) {
  const size = PHOTO_SIZES[report.sizeId];
  const label = size.label;
  return (
    <div className="space-y-4">
      <figure className="flex flex-col gap-3 sm:flex-row sm:items-start">
        {preview ? (
          <img
            src={preview}
            alt={UPLOAD_TEXT.fittedAlt(label)}
            style={{ aspectRatio: `${size.widthPx} / ${size.heightPx}` }}
            className={`${size.kind === 'signature' ? 'w-full max-w-72' : 'w-40'} shrink-0 rounded-lg border border-slate-200 bg-white object-contain`}
          />
        ) : null}
        <figcaption className="min-w-0 text-sm text-slate-700">
          <span className="block truncate font-medium text-slate-900" title={name}>
            {name}
          </span>
          {report.fitted ? <span className="block">{UPLOAD_TEXT.fittedTo(label, report.fitted.bytes)}</span> : null}
          {/* The promise is about faces: a signature is only trimmed and sized. */}
          {size.kind === 'photo' ? (
            <span className="mt-1 flex items-start gap-1.5 text-slate-600">
              <Icon name="shield-check" className="mt-0.5 size-4 text-green-700" />
              {PHOTO_PROMISE.SEVADOCS}
            </span>
          ) : null}
        </figcaption>
      </figure>
      <PhotoChecks report={report} name={name} />
    </div>
  );
}

/**
 * file upload and image upload: a drop zone with a file picker. `onDrop` sends a file as soon as
 * it is dropped or picked; `onUpload` shows it first and sends it when the customer presses
 * Upload. The type and size are checked before sending, with the schema's messages; progress
 * shows while it goes; the answer is the reference the upload service returns. A failed upload
 * leaves the answer as it was and offers the same file again. An image the service fitted to a
 * portal's size shows the fitted file with SevaPhotos' checks until it is replaced or removed.
 */
export function UploadControl({ field }: { field: UploadField }) {
  const { engine, input, error, ids } = useAnswer(field);
  const [phase, setPhase] = useState<Phase>({ kind: 'idle' });
  const [problem, setProblem] = useState<string>();
  /** What a screen reader is told when an upload ends well (its failures are the field's error). */
  const [said, setSaid] = useState('');
  const [dragging, setDragging] = useState(false);
  /** The checks of the image this field uploaded last, kept with the document they belong to. */
  const [checked, setChecked] = useState<{ documentId: string; report: ComplianceReport }>();
  const image = field.type === 'image upload';
  const stored = isFileRef(input.value) ? input.value : undefined;
  const localFile = phase.kind === 'idle' ? undefined : phase.file;
  const preview = usePreview(localFile);
  // The fitted photo or signature is shown large enough to judge; any other image as a 56 px thumbnail.
  const storedPreview = stored && image ? engine.fileUrl?.(stored) : undefined;
  const storedThumbnail = stored && image ? engine.fileUrl?.(stored, 'thumb') : undefined;
  // The checks of this upload, else those the host kept with the stored document (after a reload).
  const report =
    stored && checked?.documentId === stored.documentId ? checked.report : stored && engine.fileReport?.(stored);
  // Another member's same file (walk G: a family's one photo for two children passed every check).
  const note = stored ? engine.fileNote?.(stored) : undefined;
  const types = acceptedFileTypes(field);

  const running = useRef<AbortController | null>(null);
  // Leaving the step (or the page) mid-upload abandons it.
  useEffect(() => () => running.current?.abort(), []);

  /** Sends the file, and tells the engine until when (Continue waits for it). */
  function send(file: File): Promise<boolean> {
    const sending = transfer(file);
    engine.trackUpload(field.key, sending);
    return sending;
  }

  /** True once the file is in (or the customer cancelled it); false when it failed, which the field says. */
  async function transfer(file: File): Promise<boolean> {
    if (!engine.upload) {
      setProblem(UPLOAD_TEXT.unavailable);
      return false;
    }
    const controller = new AbortController();
    running.current = controller;
    setPhase({ kind: 'uploading', file, progress: 0, controller });
    setSaid('');
    try {
      const { ref, report: fitted } = await engine.upload(file, {
        field,
        signal: controller.signal,
        onProgress: (fraction) =>
          setPhase((p) =>
            p.kind === 'uploading' && p.file === file ? { ...p, progress: Math.min(1, Math.max(0, fraction)) } : p,
          ),
      });
      if (controller.signal.aborted) return true;
      setChecked(fitted ? { documentId: ref.documentId, report: fitted } : undefined);
      input.onChange(ref);
      input.onBlur();
      setPhase({ kind: 'idle' });
      setSaid(UPLOAD_TEXT.done(file.name));
      return true;
    } catch (failure) {
      if (controller.signal.aborted) return true;
      // A file the server refused (not really a JPEG, too large…) would be refused again: the
      // customer chooses another. One that did not arrive (no connection, a busy server) may be sent again.
      const refused = refusedFile(failure);
      setProblem(
        refused
          ? typeof failure.body?.message === 'string'
            ? failure.body.message
            : UPLOAD_TEXT.refused
          : failure instanceof Error && failure.message
            ? failure.message
            : UPLOAD_TEXT.failed,
      );
      setPhase(refused ? { kind: 'idle' } : { kind: 'chosen', file });
      return false;
    }
  }

  function choose(file: File | undefined) {
    if (!file) return;
    setProblem(undefined);
    const wrong = fileProblem(field, fieldName(field), file, { reportedType: true });
    if (wrong) {
      setProblem(wrong);
      setPhase({ kind: 'idle' });
      return;
    }
    if ((field.uploadMode ?? 'onDrop') === 'onDrop') void send(file);
    else setPhase({ kind: 'chosen', file });
  }

  function cancel() {
    if (phase.kind === 'uploading') phase.controller.abort();
    setPhase({ kind: 'idle' });
  }

  const message = problem ?? error;
  // The file input is described by (and marked invalid for) the upload's own problem too, not only the form's.
  const aria = describedBy(field, ids, message, engine.notes[field.key]);
  const hint = `${fileTypeList(types)}, up to ${formatBytes(maxFileSize(field))}`;
  const chooseLabel =
    report && PHOTO_SIZES[report.sizeId].kind === 'photo'
      ? UPLOAD_TEXT.chooseAnotherPhoto
      : stored
        ? 'Replace file'
        : 'Choose a file';

  return (
    <FieldShell field={field} ids={ids} error={message}>
      {/* biome-ignore lint/a11y/noStaticElementInteractions: dropping is a pointer shortcut; the file input inside is how everyone can choose a file. */}
      <div
        onDragOver={(event) => {
          event.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={(event) => {
          event.preventDefault();
          setDragging(false);
          choose(event.dataTransfer.files[0]);
        }}
        data-testid={`drop-${field.key}`}
        className={`mt-2 rounded-2xl border-2 border-dashed p-4 transition-colors has-focus-visible:outline-3 has-focus-visible:outline-brand-500 sm:p-5 ${
          dragging
            ? 'border-brand-500 bg-brand-50'
            : message
              ? 'border-red-300 bg-red-50/40'
              : 'border-slate-300 bg-slate-50'
        }`}
      >
        <p role="status" className="sr-only">
          {said}
        </p>
        <input
          {...aria}
          ref={input.ref}
          id={ids.id}
          name={field.key}
          type="file"
          accept={types.join(',')}
          onChange={(event) => {
            choose(event.target.files?.[0]);
            event.target.value = '';
          }}
          className="sr-only"
        />
        {phase.kind === 'uploading' ? (
          <div className="space-y-3">
            <FileSummary name={phase.file.name} size={phase.file.size} preview={preview} image={image} />
            <UploadProgress name={phase.file.name} progress={phase.progress} onCancel={cancel} />
            {phase.progress >= 1 ? (
              <p role="status" className="flex items-center gap-2 text-sm text-slate-700">
                <Icon name="loader-circle" className="size-4 animate-spin" />
                {UPLOAD_TEXT.checking}
              </p>
            ) : null}
          </div>
        ) : phase.kind === 'chosen' ? (
          <div className="space-y-4">
            <FileSummary name={phase.file.name} size={phase.file.size} preview={preview} image={image} />
            <div className="flex flex-wrap gap-3">
              <button type="button" onClick={() => void send(phase.file)} className="btn-primary px-5 py-2.5 text-sm">
                {problem ? UPLOAD_TEXT.retry : 'Upload'}
              </button>
              <label htmlFor={ids.id} className="btn-outline cursor-pointer px-5 py-2.5 text-sm">
                Choose another
              </label>
            </div>
          </div>
        ) : stored ? (
          <div className="flex flex-wrap items-center justify-between gap-4">
            {report ? (
              <div className="w-full">
                <FittedImage report={report} name={stored.name} preview={storedPreview} />
              </div>
            ) : (
              <FileSummary name={stored.name} size={stored.size} preview={storedThumbnail} image={image} />
            )}
            {note ? (
              <p className="flex w-full items-start gap-2 rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900">
                <Icon name="circle-alert" className="mt-0.5 size-4 shrink-0" />
                {note}
              </p>
            ) : null}
            <div className="flex flex-wrap gap-2">
              <label htmlFor={ids.id} className="btn-outline cursor-pointer px-4 py-2 text-sm">
                {chooseLabel}
              </label>
              <button
                type="button"
                onClick={() => input.onChange(null)}
                className="btn-outline px-4 py-2 text-sm"
                aria-label={`Remove ${stored.name}`}
              >
                <Icon name="trash-2" className="size-4" />
                Remove
              </button>
            </div>
          </div>
        ) : (
          <div className="flex flex-col items-center gap-2 py-3 text-center">
            {/* The icon opens the picker too (a walk tapped it, and only the link answered); it adds nothing to the name. */}
            <label
              htmlFor={ids.id}
              className="inline-flex size-11 cursor-pointer items-center justify-center rounded-full bg-white text-brand-700 shadow-sm"
            >
              <Icon name={image ? 'image' : 'file-text'} className="size-5" />
            </label>
            <p className="text-sm text-slate-700">
              <label
                htmlFor={ids.id}
                className="cursor-pointer font-semibold text-brand-700 underline underline-offset-4"
              >
                {chooseLabel}
              </label>{' '}
              <span className="hidden sm:inline">or drag it here</span>
            </p>
            <p className="text-xs text-slate-500">{hint}</p>
          </div>
        )}
      </div>
    </FieldShell>
  );
}
