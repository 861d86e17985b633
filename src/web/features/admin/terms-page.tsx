import { useState } from 'react';
import { useRevalidator } from 'react-router';
import {
  type AdminTerm,
  type AdminTermSection,
  termSectionEditSchema,
  termSectionFormSchema,
} from '../../../domain/admin/content.ts';
import { fieldErrorsOf, SaveOutcome, TextField, useContentSave } from './content-fields.tsx';
import { ContentPageHeading, PositionField, positionValue, SaveButton } from './content-form-page.tsx';

/** Admins: the policies (Terms of Use, Privacy Policy and Cookies) and their sections, each editable. */
export function TermsPage({ terms }: { terms: AdminTerm[] }) {
  return (
    <section aria-labelledby="terms-title" className="flex max-w-3xl flex-col gap-6">
      <ContentPageHeading titleId="terms-title">Terms and privacy</ContentPageHeading>
      {terms.map((term) => (
        <section key={term.id} aria-labelledby={`term-${term.id}`} className="flex flex-col gap-4">
          <h2 id={`term-${term.id}`} className="text-lg font-semibold text-slate-900">
            {term.name}
          </h2>
          {term.sections.map((section) => (
            <SectionForm key={section.id} termId={term.id} section={section} />
          ))}
          <SectionForm key={`new-${term.sections.length}`} termId={term.id} section={null} />
        </section>
      ))}
    </section>
  );
}

/** One section's heading, Markdown text and order; `section` null adds a new one. */
function SectionForm({ termId, section }: { termId: number; section: AdminTermSection | null }) {
  const { revalidate } = useRevalidator();
  const saving = useContentSave();
  const [name, setName] = useState(section?.name ?? '');
  const [description, setDescription] = useState(section?.description ?? '');
  const [position, setPosition] = useState(String(section?.position ?? 0));
  const key = section ? `section-${section.id}` : `term-${termId}-new`;

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    const values = { name, description, position: positionValue(position) };
    const parsed = section
      ? termSectionEditSchema.safeParse({ ...values, updatedAt: section.updatedAt })
      : termSectionFormSchema.safeParse(values);
    if (!parsed.success) return saving.showErrors(fieldErrorsOf(parsed.error));
    const saved = section
      ? await saving.save('PUT', `/admin/term-sections/${section.id}`, parsed.data)
      : await saving.save('POST', `/admin/terms/${termId}/sections`, parsed.data);
    if (saved) await revalidate();
  };
  const remove = async () => {
    if (!section || !window.confirm(`Remove “${section.name}”?`)) return;
    if (await saving.save('DELETE', `/admin/term-sections/${section.id}`, undefined)) await revalidate();
  };

  return (
    <form
      onSubmit={submit}
      noValidate
      aria-label={section ? `Section: ${section.name}` : 'New section'}
      className="flex flex-col gap-3 rounded-xl border border-slate-200 p-4"
    >
      {!section && <h3 className="font-semibold text-slate-900">Add a section</h3>}
      <TextField name={`${key}-name`} label="Heading" value={name} onChange={setName} error={saving.errors.name} />
      <TextField
        name={`${key}-description`}
        label="Text"
        hint="Markdown; HTML is shown as text."
        value={description}
        onChange={setDescription}
        error={saving.errors.description}
        multiline
      />
      <PositionField name={`${key}-position`} value={position} onChange={setPosition} error={saving.errors.position} />
      <div className="flex gap-2">
        <SaveButton pending={saving.pending}>{section ? 'Save section' : 'Add section'}</SaveButton>
        {section && (
          <button
            type="button"
            disabled={saving.pending}
            onClick={() => void remove()}
            className="rounded-lg border border-slate-300 px-4 py-2 text-sm hover:bg-slate-100 disabled:opacity-60"
          >
            Remove section
          </button>
        )}
      </div>
      <SaveOutcome saving={saving} />
    </form>
  );
}
