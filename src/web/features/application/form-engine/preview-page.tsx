import { useState } from 'react';
import type { Answers } from '../../../../domain/forms/answers.ts';
import { acceptedFileTypes } from '../../../../domain/forms/files.ts';
import type { UploadFile } from './engine-context.ts';
import { FormEngine } from './form-engine.tsx';
import type { FormPreview } from './preview.server.ts';

/** Pretends to upload: progress over about a second, then a reference (nothing is stored). */
export const pretendUpload: UploadFile = (file, { field, onProgress, signal }) =>
  new Promise((resolve, reject) => {
    let progress = 0;
    const timer = setInterval(() => {
      progress += 0.2;
      onProgress(progress);
      if (progress < 1) return;
      clearInterval(timer);
      const types = acceptedFileTypes(field);
      const type = types.find((t) => t === file.type) ?? types[0] ?? 'application/pdf';
      resolve({ ref: { documentId: `preview-${Date.now()}`, name: file.name, type, size: file.size } });
    }, 250);
    signal.addEventListener('abort', () => {
      clearInterval(timer);
      reject(new Error('Upload cancelled'));
    });
  });

/** /dev/form-preview: one definition rendered by the engine, as a member of either kind fills it in. */
export function FormPreviewPage({ preview }: { preview: FormPreview }) {
  const { definition, memberKind, step, choices } = preview;
  const [answers, setAnswers] = useState<Answers | null>(null);
  return (
    <div className="page-x py-8 sm:py-12">
      <form method="get" className="mb-8 flex flex-wrap items-end gap-3 rounded-2xl bg-slate-50 p-4 text-sm">
        <p className="w-full font-semibold tracking-wide text-slate-500 uppercase">
          Form engine preview (development only)
        </p>
        <label className="flex min-w-0 flex-1 flex-col gap-1">
          <span className="font-semibold text-slate-800">Definition</span>
          <select name="form" defaultValue={definition.id} className="field-input mt-0 py-2">
            {choices.map(([id, title]) => (
              <option key={id} value={id}>
                {title}
              </option>
            ))}
          </select>
        </label>
        <label className="flex flex-col gap-1">
          <span className="font-semibold text-slate-800">Member</span>
          <select name="member" defaultValue={memberKind} className="field-input mt-0 py-2">
            <option value="Adult">Adult</option>
            <option value="Minor">Minor</option>
          </select>
        </label>
        <button type="submit" className="btn-outline px-4 py-2 text-sm">
          Show
        </button>
      </form>
      <p className="eyebrow">{definition.title}</p>
      {definition.intro ? (
        <p className="mt-1 mb-8 max-w-3xl text-slate-600">{definition.intro}</p>
      ) : (
        <div className="mb-8" />
      )}
      <FormEngine
        key={`${definition.id}:${memberKind}`}
        definition={definition}
        memberKind={memberKind}
        initialStep={step}
        upload={pretendUpload}
        memberName={memberKind === 'Minor' ? 'Aarav Sharma (minor)' : 'Priya Sharma'}
        onComplete={setAnswers}
      />
      {answers ? (
        <section
          aria-labelledby="preview-answers"
          className="mt-10 rounded-2xl border border-green-200 bg-green-50 p-5"
        >
          <h2 id="preview-answers" className="font-bold text-green-900">
            Answers ready for review
          </h2>
          <pre className="mt-3 overflow-x-auto text-xs text-slate-800">{JSON.stringify(answers, null, 2)}</pre>
        </section>
      ) : null}
    </div>
  );
}
