import { useEffect, useRef, useState } from 'react';
import type { UploadField } from '../../../../domain/forms/definition.ts';
import { fieldName } from '../../../../domain/forms/definition.ts';
import { acceptedFileTypes, type FileRef, fileProblem, maxFileSize } from '../../../../domain/forms/files.ts';
import { fileTypeList, formatBytes } from '../../../../domain/forms/messages.ts';
import { Icon } from '../../../components/ui/icon.tsx';
import { UploadProgress } from '../../../components/ui/upload-progress.tsx';
import { FieldShell } from './field-shell.tsx';
import { useAnswer } from './use-answer.ts';

export const UPLOAD_TEXT = {
  unavailable: 'Uploading is not available here yet. Please try again later.',
  failed: 'The upload did not finish. Please try again.',
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
          className="size-14 shrink-0 rounded-lg border border-slate-200 object-cover"
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
 * file upload and image upload: a drop zone with a file picker. `onDrop` sends a file as soon as
 * it is dropped or picked; `onUpload` shows it first and sends it when the customer presses
 * Upload. The type and size are checked before sending, with the schema's messages; progress
 * shows while it goes; the answer is the reference the upload service returns.
 */
export function UploadControl({ field }: { field: UploadField }) {
  const { engine, input, error, ids, aria } = useAnswer(field);
  const [phase, setPhase] = useState<Phase>({ kind: 'idle' });
  const [problem, setProblem] = useState<string>();
  const [dragging, setDragging] = useState(false);
  const image = field.type === 'image upload';
  const stored = isFileRef(input.value) ? input.value : undefined;
  const localFile = phase.kind === 'idle' ? undefined : phase.file;
  const preview = usePreview(localFile);
  const storedPreview = stored && image ? engine.fileUrl?.(stored) : undefined;
  const types = acceptedFileTypes(field);

  const running = useRef<AbortController | null>(null);
  // Leaving the step (or the page) mid-upload abandons it.
  useEffect(() => () => running.current?.abort(), []);

  async function send(file: File) {
    if (!engine.upload) {
      setProblem(UPLOAD_TEXT.unavailable);
      return;
    }
    const controller = new AbortController();
    running.current = controller;
    setPhase({ kind: 'uploading', file, progress: 0, controller });
    try {
      const ref = await engine.upload(file, {
        field,
        signal: controller.signal,
        onProgress: (fraction) =>
          setPhase((p) =>
            p.kind === 'uploading' && p.file === file ? { ...p, progress: Math.min(1, Math.max(0, fraction)) } : p,
          ),
      });
      if (controller.signal.aborted) return;
      input.onChange(ref);
      input.onBlur();
      setPhase({ kind: 'idle' });
    } catch (failure) {
      if (controller.signal.aborted) return;
      setProblem(failure instanceof Error && failure.message ? failure.message : UPLOAD_TEXT.failed);
      setPhase({ kind: 'chosen', file });
    }
  }

  function choose(file: File | undefined) {
    if (!file) return;
    setProblem(undefined);
    const wrong = fileProblem(field, fieldName(field), file);
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
  const hint = `${fileTypeList(types)}, up to ${formatBytes(maxFileSize(field))}`;
  const chooseLabel = stored ? 'Replace file' : 'Choose a file';

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
          </div>
        ) : phase.kind === 'chosen' ? (
          <div className="space-y-4">
            <FileSummary name={phase.file.name} size={phase.file.size} preview={preview} image={image} />
            <div className="flex flex-wrap gap-3">
              <button type="button" onClick={() => void send(phase.file)} className="btn-primary px-5 py-2.5 text-sm">
                Upload
              </button>
              <label htmlFor={ids.id} className="btn-outline cursor-pointer px-5 py-2.5 text-sm">
                Choose another
              </label>
            </div>
          </div>
        ) : stored ? (
          <div className="flex flex-wrap items-center justify-between gap-4">
            <FileSummary name={stored.name} size={stored.size} preview={storedPreview} image={image} />
            <div className="flex gap-2">
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
            <span className="inline-flex size-11 items-center justify-center rounded-full bg-white text-brand-700 shadow-sm">
              <Icon name={image ? 'image' : 'file-text'} className="size-5" />
            </span>
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
