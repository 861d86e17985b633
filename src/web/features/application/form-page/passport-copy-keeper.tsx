import { useEffect, useRef, useState } from 'react';
import { inSentence } from '../../../../domain/applications/completion.ts';
import type { ChecklistItemStatus } from '../../../../domain/applications/documents.ts';
import { refusalBeforeSending } from '../../../../domain/uploads/refuse-early.ts';
import { Icon } from '../../../components/ui/icon.tsx';
import { UploadProgress } from '../../../components/ui/upload-progress.tsx';
import { errorMessage, type UploadProgress as SendProgress } from '../../../lib/api-client.ts';
import { ItemProblem } from '../documents/document-item.tsx';

export const PASSPORT_COPY_TEXT = {
  question: (label: string) => `Keep this file as “${label}” too?`,
  why: 'Then you need not choose it again under Documents.',
  asks: (hint: string) => `That document asks for ${inSentence(hint)} You can add another page there.`,
  keep: 'Keep it as the copy',
  kept: (label: string) => `Kept as “${label}”. Add any other page under Documents with “Add a page”.`,
  failed: 'The file could not be kept. Please upload it under Documents.',
} as const;

type Phase = { kind: 'asking' } | { kind: 'sending'; progress: number; controller: AbortController } | { kind: 'kept' };

/**
 * After a passport photo is read and used (decision 0196): offers the same file as the member's
 * passport copy, an item that holds none yet, so the passport step and the Documents step do not
 * each want the page. One tap sends it again to the item, with its progress; nothing is kept
 * without that tap.
 */
export function PassportCopyKeeper({
  item,
  file,
  keep,
}: {
  item: Pick<ChecklistItemStatus, 'id' | 'label' | 'hint' | 'accept'>;
  file: File;
  keep(file: File, progress: SendProgress): Promise<void>;
}) {
  const [phase, setPhase] = useState<Phase>({ kind: 'asking' });
  const [problem, setProblem] = useState<string>();
  const running = useRef<AbortController | null>(null);
  useEffect(() => () => running.current?.abort(), []);

  async function send() {
    const refused = refusalBeforeSending(file, item.accept);
    if (refused) return setProblem(refused);
    setProblem(undefined);
    const controller = new AbortController();
    running.current = controller;
    setPhase({ kind: 'sending', progress: 0, controller });
    try {
      await keep(file, {
        signal: controller.signal,
        onProgress: (progress) => setPhase((p) => (p.kind === 'sending' ? { ...p, progress } : p)),
      });
      setPhase({ kind: 'kept' });
    } catch (error) {
      if (!controller.signal.aborted) setProblem(errorMessage(error, PASSPORT_COPY_TEXT.failed));
      setPhase({ kind: 'asking' });
    } finally {
      running.current = null;
    }
  }

  if (phase.kind === 'kept') {
    return (
      <p role="status" className="mt-3 flex items-start gap-2 text-sm font-medium text-emerald-800">
        <Icon name="circle-check" className="mt-0.5 size-4" />
        {PASSPORT_COPY_TEXT.kept(item.label)}
      </p>
    );
  }
  return (
    <div className="mt-4 rounded-xl border border-slate-200 bg-white p-4">
      <p className="font-semibold text-slate-900">{PASSPORT_COPY_TEXT.question(item.label)}</p>
      <p className="mt-1 text-sm text-slate-600">
        {PASSPORT_COPY_TEXT.why}
        {item.hint ? ` ${PASSPORT_COPY_TEXT.asks(item.hint)}` : null}
      </p>
      <div className="mt-3 space-y-2">
        {phase.kind === 'sending' ? (
          <UploadProgress name={file.name} progress={phase.progress} onCancel={() => phase.controller.abort()} />
        ) : (
          <button type="button" className="btn-outline px-4 py-2 text-sm" onClick={() => void send()}>
            <Icon name="copy" className="size-4" />
            {PASSPORT_COPY_TEXT.keep}
          </button>
        )}
      </div>
      <ItemProblem problem={problem} />
    </div>
  );
}
