import { type ReactNode, useId, useState } from 'react';
import { Link, useRevalidator } from 'react-router';
import { ADMIN_FORM_MESSAGES, type AdminFormDetail, definitionErrors } from '../../../domain/admin/forms.ts';
import type { MemberKind } from '../../../domain/applications/member-kinds.ts';
import { ADMIN_ROUTES } from '../../../domain/config/admin-routes.ts';
import {
  type FormDefinition,
  type FormField,
  formDefinitionSchema,
  type MinorTexts,
} from '../../../domain/forms/definition.ts';
import { FORM_FIELD_TYPES } from '../../../domain/forms/field-types.ts';
import { API_BASE, ApiError, apiCall } from '../../lib/api-client.ts';
import { FieldRuleControls } from './field-rule-controls.tsx';

const button = 'rounded-lg px-3 py-1.5 text-sm font-semibold disabled:cursor-not-allowed disabled:opacity-60';
const small = 'rounded border border-slate-300 px-2 py-0.5 text-xs font-semibold hover:bg-slate-50';

/** `list` with the item at `from` moved to `to` (both within the list); a new array. */
export function moveItem<T>(list: readonly T[], from: number, to: number): T[] {
  if (to < 0 || to >= list.length || from === to) return [...list];
  const next = [...list];
  const [item] = next.splice(from, 1);
  next.splice(to, 0, item as T);
  return next;
}

/** A new field's key: 'newField', 'newField2', … not yet used anywhere in the definition. */
function freshKey(definition: FormDefinition): string {
  const used = new Set(JSON.stringify(definition).match(/"key":"[^"]+"/g) ?? []);
  for (let n = 1; ; n += 1) {
    const key = n === 1 ? 'newField' : `newField${n}`;
    if (!used.has(`"key":"${key}"`)) return key;
  }
}

/**
 * `item` with its minor wording of `text` set to `value` ('' removes it, and an empty `minor` goes):
 * what a minor's form says in place of the adult's (decision 0103).
 */
export function withMinorText<T extends { minor?: MinorTexts }>(item: T, text: keyof MinorTexts, value: string): T {
  const { [text]: _, ...others } = item.minor ?? {};
  const minor: MinorTexts = value === '' ? others : { ...others, [text]: value };
  const { minor: __, ...rest } = item;
  return (Object.keys(minor).length > 0 ? { ...rest, minor } : rest) as T;
}

/** An input for a minor's wording of one text; empty keeps the adult's wording. */
function MinorTextInput({
  label,
  of,
  value,
  onChange,
}: {
  label: string;
  /** Whose text it is, for screen readers: every field has one of these inputs. */
  of: string;
  value: string;
  onChange(value: string): void;
}) {
  return (
    <label className="flex flex-1 flex-col gap-1 text-sm">
      <span>
        {label} <span className="sr-only">({of})</span>
      </span>
      <input
        className="field-input mt-0"
        value={value}
        placeholder="{name}’s … ({name}: the child’s first name; empty: as for an adult)"
        onChange={(e) => onChange(e.target.value)}
      />
    </label>
  );
}

type Outcome = { ok: boolean; message: string; errors?: Record<string, string> } | null;

interface Props {
  detail: AdminFormDetail;
  /** The form engine rendering a definition as a member of `memberKind` fills it in (given by the route). */
  renderPreview(definition: FormDefinition, memberKind: MemberKind): ReactNode;
}

/**
 * The form builder (admins, decision 0073): edit steps, sections and fields, reorder them with
 * buttons, check and save a draft, import questions, preview with the real engine, publish.
 */
export function FormBuilderPage({ detail, renderPreview }: Props) {
  const { revalidate } = useRevalidator();
  const [definition, setDefinition] = useState<FormDefinition>(
    () => structuredClone(detail.draft?.definition ?? detail.published.definition) as FormDefinition,
  );
  const [pending, setPending] = useState(false);
  const [outcome, setOutcome] = useState<Outcome>(null);
  const [announcement, setAnnouncement] = useState('');
  // The checked definition the preview shows, as it was when asked: later edits wait for the next preview.
  const [preview, setPreview] = useState<{ kind: MemberKind; definition: FormDefinition; run: number } | null>(null);
  const base = `/admin/packages/${detail.packageId}/form`;

  const update = (change: (d: FormDefinition) => void) =>
    setDefinition((current) => {
      const next = structuredClone(current);
      change(next);
      return next;
    });

  async function send(method: 'POST' | 'PUT' | 'DELETE', url: string, body?: unknown): Promise<boolean> {
    if (pending) return false;
    setPending(true);
    setOutcome(null);
    try {
      const answer = await apiCall({ url, method, body });
      setOutcome({ ok: true, message: answer.message });
      await revalidate();
      return true;
    } catch (error) {
      setOutcome(
        error instanceof ApiError
          ? { ok: false, message: error.serverMessage ?? error.message, errors: error.fieldErrors }
          : { ok: false, message: 'The change could not be saved. Please try again.' },
      );
      return false;
    } finally {
      setPending(false);
    }
  }

  /**
   * The forms engine's own check of the definition as edited (the server runs it again): its
   * problems by path, or null. What the rule controls accept is only ever judged here.
   */
  const engineCheck = (): FormDefinition | null => {
    const parsed = formDefinitionSchema.safeParse(definition);
    if (parsed.success) return parsed.data;
    setOutcome({ ok: false, message: ADMIN_FORM_MESSAGES.invalid, errors: definitionErrors(parsed.error) });
    return null;
  };

  const showPreview = (kind: MemberKind) => {
    const checked = engineCheck();
    if (!checked) {
      setPreview(null);
      return;
    }
    setOutcome(null);
    setPreview((last) => ({ kind, definition: checked, run: (last?.run ?? 0) + 1 }));
  };

  /** Moves an item and keeps the keyboard on the button that moved it. */
  const move = (label: string, buttonId: string, change: (d: FormDefinition) => void, direction: 'up' | 'down') => {
    update(change);
    setAnnouncement(`${label} moved ${direction}.`);
    requestAnimationFrame(() => document.getElementById(buttonId)?.focus());
  };

  return (
    <section aria-labelledby="builder-title" className="flex flex-col gap-6">
      <p>
        <Link to={ADMIN_ROUTES.FORMS} className="text-sm text-brand-700 hover:underline">
          ← Forms
        </Link>
      </p>
      <h1 id="builder-title" className="text-2xl font-bold text-slate-900">
        {detail.published.definition.title}
      </h1>
      <p className="text-sm text-slate-700">
        <span className="font-mono">{detail.key}</span> — published version {detail.published.version}
        {detail.draft ? `; a draft started from version ${detail.draft.baseVersion} is saved.` : '; no draft saved.'}
      </p>

      <div className="flex flex-wrap gap-2">
        <button
          type="button"
          className={`${button} border border-slate-300`}
          disabled={pending}
          onClick={() => send('POST', `${base}/check`, { definition })}
        >
          Check
        </button>
        <button
          type="button"
          className={`${button} bg-brand-700 text-white`}
          disabled={pending}
          onClick={() => engineCheck() && send('PUT', `${base}/draft`, { definition })}
        >
          Save draft
        </button>
        <button
          type="button"
          className={`${button} bg-emerald-700 text-white`}
          disabled={pending || !detail.draft}
          onClick={() => send('POST', `${base}/publish`)}
        >
          Publish draft
        </button>
        {detail.draft && (
          <button
            type="button"
            className={`${button} border border-red-300 text-red-800`}
            disabled={pending}
            onClick={async () => {
              if (await send('DELETE', `${base}/draft`)) {
                setDefinition(structuredClone(detail.published.definition) as FormDefinition);
              }
            }}
          >
            Discard draft
          </button>
        )}
        <button type="button" className={`${button} border border-slate-300`} onClick={() => showPreview('Adult')}>
          Preview as an adult
        </button>
        <button type="button" className={`${button} border border-slate-300`} onClick={() => showPreview('Minor')}>
          Preview as a minor
        </button>
      </div>

      <div role="status" aria-live="polite">
        {outcome && (
          <div className={outcome.ok ? 'text-sm text-emerald-800' : 'text-sm text-red-700'}>
            <p>{outcome.message}</p>
            {outcome.errors && Object.keys(outcome.errors).length > 0 && (
              <ul className="mt-1 list-disc pl-5">
                {Object.entries(outcome.errors).map(([path, message]) => (
                  <li key={path}>
                    <span className="font-mono">{path}</span>: {message}
                  </li>
                ))}
              </ul>
            )}
          </div>
        )}
      </div>
      <p className="sr-only" aria-live="polite">
        {announcement}
      </p>

      <label className="flex flex-col gap-1 text-sm">
        <span className="font-semibold text-slate-800">Form title</span>
        <input
          className="field-input mt-0"
          value={definition.title}
          onChange={(e) =>
            update((d) => {
              d.title = e.target.value;
            })
          }
        />
      </label>

      <ol className="flex flex-col gap-6">
        {definition.steps.map((step, s) => (
          <li key={step.key} className="rounded-2xl border border-slate-200 p-4">
            <fieldset className="flex flex-col gap-3">
              <legend className="font-semibold text-slate-900">
                Step {s + 1}: {step.title}
              </legend>
              <div className="flex flex-wrap items-end gap-2">
                <label className="flex flex-1 flex-col gap-1 text-sm">
                  <span>Step title</span>
                  <input
                    className="field-input mt-0"
                    value={step.title}
                    onChange={(e) =>
                      update((d) => {
                        (d.steps[s] as typeof step).title = e.target.value;
                      })
                    }
                  />
                </label>
                <MinorTextInput
                  label="Step title on a minor’s form"
                  of={step.title}
                  value={step.minor?.title ?? ''}
                  onChange={(value) =>
                    update((d) => {
                      d.steps[s] = withMinorText(step, 'title', value);
                    })
                  }
                />
                <button
                  type="button"
                  id={`up-step-${step.key}`}
                  className={small}
                  disabled={s === 0}
                  aria-label={`Move step ${step.title} up`}
                  onClick={() =>
                    move(
                      `Step ${step.title}`,
                      `up-step-${step.key}`,
                      (d) => {
                        d.steps = moveItem(d.steps, s, s - 1);
                      },
                      'up',
                    )
                  }
                >
                  ↑
                </button>
                <button
                  type="button"
                  id={`down-step-${step.key}`}
                  className={small}
                  disabled={s === definition.steps.length - 1}
                  aria-label={`Move step ${step.title} down`}
                  onClick={() =>
                    move(
                      `Step ${step.title}`,
                      `down-step-${step.key}`,
                      (d) => {
                        d.steps = moveItem(d.steps, s, s + 1);
                      },
                      'down',
                    )
                  }
                >
                  ↓
                </button>
              </div>
              {step.sections.map((section, c) => (
                <div key={section.key} className="rounded-xl bg-slate-50 p-3">
                  <h3 className="text-sm font-semibold text-slate-800">
                    Section: {section.title} <span className="font-mono text-xs text-slate-500">{section.key}</span>
                  </h3>
                  <ol className="mt-2 flex flex-col gap-2">
                    {section.fields.map((field, f) => (
                      <FieldEditor
                        key={field.key}
                        field={field}
                        first={f === 0}
                        last={f === section.fields.length - 1}
                        onChange={(next) =>
                          update((d) => {
                            const fields = d.steps[s]?.sections[c]?.fields;
                            if (fields) fields[f] = next;
                          })
                        }
                        onMove={(direction) =>
                          move(
                            `Field ${field.label ?? field.key}`,
                            `${direction}-field-${field.key}`,
                            (d) => {
                              const target = d.steps[s]?.sections[c];
                              if (target)
                                target.fields = moveItem(target.fields, f, direction === 'up' ? f - 1 : f + 1);
                            },
                            direction,
                          )
                        }
                        onRemove={() =>
                          update((d) => {
                            d.steps[s]?.sections[c]?.fields.splice(f, 1);
                          })
                        }
                      />
                    ))}
                  </ol>
                  <button
                    type="button"
                    className={`${small} mt-2`}
                    onClick={() =>
                      update((d) => {
                        d.steps[s]?.sections[c]?.fields.push({ key: freshKey(d), label: 'New question', type: 'text' });
                      })
                    }
                  >
                    Add a question to {section.title}
                  </button>
                </div>
              ))}
            </fieldset>
          </li>
        ))}
      </ol>

      <QuestionImport packageId={detail.packageId} definition={definition} onImported={setDefinition} />

      {preview && (
        <section aria-labelledby="preview-title" className="rounded-2xl border border-brand-200 p-4">
          <h2 id="preview-title" className="mb-4 text-lg font-semibold text-slate-900">
            Preview as {preview.kind === 'Minor' ? 'a minor' : 'an adult'} (nothing is saved)
          </h2>
          <div key={preview.run}>{renderPreview(preview.definition, preview.kind)}</div>
        </section>
      )}
    </section>
  );
}

/** One field: its label, key, type and required mark, its rule controls, and every setting as JSON. */
function FieldEditor({
  field,
  first,
  last,
  onChange,
  onMove,
  onRemove,
}: {
  field: FormField;
  first: boolean;
  last: boolean;
  onChange(field: FormField): void;
  onMove(direction: 'up' | 'down'): void;
  onRemove(): void;
}) {
  const id = useId();
  const [json, setJson] = useState(() => JSON.stringify(field, null, 2));
  const [jsonError, setJsonError] = useState<string | null>(null);
  const name = field.label ?? field.key;
  const set = (next: FormField) => {
    onChange(next);
    setJson(JSON.stringify(next, null, 2));
  };
  return (
    <li className="rounded-lg border border-slate-200 bg-white p-3">
      <div className="flex flex-wrap items-end gap-2 text-sm">
        <label className="flex flex-1 flex-col gap-1">
          <span>Label</span>
          <input
            className="field-input mt-0"
            value={field.label ?? ''}
            onChange={(e) => set({ ...field, label: e.target.value } as FormField)}
          />
        </label>
        <MinorTextInput
          label="Label on a minor’s form"
          of={name}
          value={field.minor?.label ?? ''}
          onChange={(value) => set(withMinorText(field, 'label', value))}
        />
        <label className="flex flex-col gap-1">
          <span>Key</span>
          <input
            className="field-input mt-0 font-mono"
            value={field.key}
            onChange={(e) => set({ ...field, key: e.target.value } as FormField)}
          />
        </label>
        <label className="flex flex-col gap-1">
          <span>Type</span>
          <select
            className="field-input mt-0"
            value={field.type}
            onChange={(e) => set({ ...field, type: e.target.value } as FormField)}
          >
            {FORM_FIELD_TYPES.map((type) => (
              <option key={type} value={type}>
                {type}
              </option>
            ))}
          </select>
        </label>
        {'required' in field || (field.type !== 'description' && field.type !== 'dependent') ? (
          <label className="flex items-center gap-1">
            <input
              type="checkbox"
              checked={'required' in field && field.required === true}
              onChange={(e) => set({ ...field, required: e.target.checked } as FormField)}
            />
            <span>Required</span>
          </label>
        ) : null}
        <button
          type="button"
          id={`up-field-${field.key}`}
          className={small}
          disabled={first}
          aria-label={`Move ${name} up`}
          onClick={() => onMove('up')}
        >
          ↑
        </button>
        <button
          type="button"
          id={`down-field-${field.key}`}
          className={small}
          disabled={last}
          aria-label={`Move ${name} down`}
          onClick={() => onMove('down')}
        >
          ↓
        </button>
        <button type="button" className={`${small} text-red-800`} aria-label={`Remove ${name}`} onClick={onRemove}>
          Remove
        </button>
      </div>
      <FieldRuleControls field={field} name={name} onChange={set} />
      <details className="mt-2 text-sm">
        <summary className="cursor-pointer text-slate-700">All settings (rules, options, conditions) as JSON</summary>
        <label htmlFor={`${id}-json`} className="sr-only">
          Settings of {name} as JSON
        </label>
        <textarea
          id={`${id}-json`}
          className="field-input mt-2 h-48 font-mono text-xs"
          value={json}
          aria-invalid={jsonError ? true : undefined}
          aria-describedby={jsonError ? `${id}-json-error` : undefined}
          onChange={(e) => setJson(e.target.value)}
          onBlur={() => {
            try {
              const parsed = JSON.parse(json) as FormField;
              setJsonError(null);
              onChange(parsed);
            } catch {
              setJsonError('This is not valid JSON; the field keeps its last valid settings.');
            }
          }}
        />
        {jsonError && (
          <p id={`${id}-json-error`} className="text-xs text-red-700">
            {jsonError}
          </p>
        )}
      </details>
    </li>
  );
}

/** Imports questions from a CSV or JSON file into a section of the draft (SPEC.md §7 /questions/upload). */
function QuestionImport({
  packageId,
  definition,
  onImported,
}: {
  packageId: number;
  definition: FormDefinition;
  onImported(definition: FormDefinition): void;
}) {
  const { revalidate } = useRevalidator();
  const sections = definition.steps.flatMap((step) =>
    step.sections.map((section) => ({
      value: `${step.key}/${section.key}`,
      label: `${step.title} — ${section.title}`,
    })),
  );
  const [target, setTarget] = useState(sections[0]?.value ?? '');
  const [file, setFile] = useState<File | null>(null);
  const [outcome, setOutcome] = useState<Outcome>(null);
  const [pending, setPending] = useState(false);

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    if (!file) return setOutcome({ ok: false, message: 'Choose a CSV or JSON file.' });
    const [step, section] = target.split('/');
    const type = file.name.toLowerCase().endsWith('.json') ? 'application/json' : 'text/csv';
    setPending(true);
    try {
      const query = new URLSearchParams({ packageId: String(packageId), step: step ?? '', section: section ?? '' });
      const response = await fetch(`${API_BASE}/questions/upload?${query}`, {
        method: 'POST',
        credentials: 'same-origin',
        headers: { Accept: 'application/json', 'Content-Type': type },
        body: await file.text(),
      });
      const body = (await response.json().catch(() => null)) as {
        message?: string;
        errors?: Record<string, string>;
        data?: { draft: { definition: FormDefinition } };
      } | null;
      if (response.ok && body?.data) {
        setOutcome({ ok: true, message: body.message ?? 'Imported.' });
        onImported(body.data.draft.definition);
        await revalidate();
      } else {
        setOutcome({
          ok: false,
          message: body?.message ?? `The file was refused (${response.status}).`,
          ...(body?.errors ? { errors: body.errors } : {}),
        });
      }
    } catch {
      setOutcome({ ok: false, message: 'The file could not be sent. Please try again.' });
    } finally {
      setPending(false);
    }
  };

  return (
    <form
      onSubmit={submit}
      aria-labelledby="import-title"
      className="flex flex-col gap-2 rounded-2xl bg-slate-50 p-4 text-sm"
    >
      <h2 id="import-title" className="text-lg font-semibold text-slate-900">
        Import questions
      </h2>
      <p className="text-slate-700">
        A CSV file with the columns key, label, type (and optionally required, requiredWhen, help, placeholder,
        errorLabel, text, options as value=Label|value=Label, min, max, pattern, patternMessage), or a JSON file{' '}
        <code>{'{ "questions": [ … ] }'}</code>. The questions are added to the saved draft, all or none. Save your
        edits first: the import starts from the saved draft.
      </p>
      <p className="text-slate-700">
        requiredWhen makes a question required only while an earlier question’s answer passes a test: the earlier
        question’s key, then <code>equals value</code>, <code>oneOf value|value</code>, <code>includes value</code>{' '}
        (checkboxes) or <code>answered</code>. For example <code>reissueReason equals changes</code>.
      </p>
      <label className="flex flex-col gap-1">
        <span className="font-semibold">Add to section</span>
        <select className="field-input mt-0" value={target} onChange={(e) => setTarget(e.target.value)}>
          {sections.map((s) => (
            <option key={s.value} value={s.value}>
              {s.label}
            </option>
          ))}
        </select>
      </label>
      <label className="flex flex-col gap-1">
        <span className="font-semibold">File (CSV or JSON, at most 256 KB)</span>
        <input
          type="file"
          accept=".csv,.json,text/csv,application/json"
          onChange={(e) => setFile(e.target.files?.[0] ?? null)}
        />
      </label>
      <button type="submit" className={`${button} self-start bg-brand-700 text-white`} disabled={pending}>
        Import
      </button>
      <div role="status" aria-live="polite">
        {outcome && (
          <div className={outcome.ok ? 'text-emerald-800' : 'text-red-700'}>
            <p>{outcome.message}</p>
            {outcome.errors && (
              <ul className="list-disc pl-5">
                {Object.entries(outcome.errors).map(([path, message]) => (
                  <li key={path}>{message}</li>
                ))}
              </ul>
            )}
          </div>
        )}
      </div>
    </form>
  );
}
