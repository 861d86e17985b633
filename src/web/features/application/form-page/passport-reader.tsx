import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState } from 'react';
import { useWatch } from 'react-hook-form';
import type { ChecklistItemStatus, MemberChecklist } from '../../../../domain/applications/documents.ts';
import type { MemberKind } from '../../../../domain/applications/member-kinds.ts';
import { countryName } from '../../../../domain/countries/names.ts';
import type { FormDefinition } from '../../../../domain/forms/definition.ts';
import { memberFirstName } from '../../../../domain/forms/member-texts.ts';
import { memberSteps, shownFieldKeys, stepIndexByField } from '../../../../domain/forms/visibility.ts';
import {
  CHECKED_FIELDS,
  type ConfirmedPassport,
  type MrzReading,
  PASSPORT_MESSAGES,
  PASSPORT_PAGE_UPLOAD,
  type PassportField,
  type PassportFields,
} from '../../../../domain/passports/mrz-reading.ts';
import {
  type Disagreement,
  displayDate,
  memberPassportDisagreements,
  PASSPORT_ANSWER_KEYS,
  PASSPORT_FIELD_LABELS,
  type PassportAnswer,
  passportAnswers,
} from '../../../../domain/passports/passport-answers.ts';
import { passportCopyItem } from '../../../../domain/passports/passport-copy.ts';
import { acceptAttribute } from '../../../../domain/uploads/file-types.ts';
import { refusalBeforeSending } from '../../../../domain/uploads/refuse-early.ts';
import { Icon } from '../../../components/ui/icon.tsx';
import { errorMessage, type UploadProgress } from '../../../lib/api-client.ts';
import { putAnswer } from '../../../lib/query-client.tsx';
import { useEngine } from '../form-engine/engine-context.ts';
import type { FillAnswers } from '../form-engine/form-engine.tsx';
import {
  confirmPassport,
  getConfirmedPassport,
  passportKey,
  readPassportDocument,
  readPassportPhoto,
  removePassport,
} from './passport-api.ts';
import { PassportCopyKeeper } from './passport-copy-keeper.tsx';

export const PASSPORT_TEXT = {
  title: 'Read my passport',
  /** Beside each answer "Use these values" filled, in place of where it came from before. */
  readFrom: 'Read from the passport',
  intro:
    'Take a photo or scan of your passport’s photo page. We read the two lines of letters and numbers at the bottom and show you what we found: nothing is filled in until you say so.',
  choose: 'Read my passport',
  chooseAgain: 'Read it again',
  /** Follows the button's visible words in the file input's name (WCAG 2.5.3: the name starts with them). */
  fileLabel: 'photo or scan of the passport’s photo page (JPEG, PNG, HEIC or PDF)',
  readCopy: (name: string) => `Read the copy you uploaded (${name})`,
  uploading: (percent: number) => `Sending the photo… ${percent}%`,
  reading: 'Reading the passport…',
  found: 'We read these from your passport',
  foundHint: 'Check each value against your passport. Correct a name if we misread a letter.',
  checked: 'Confirmed by the passport’s check digit',
  yourAnswer: (value: string) => `Your answer now: ${value}`,
  use: 'Use these values',
  cancel: 'Not now',
  filled: 'Filled in from your passport. Your answers will be checked against it before review.',
  agrees: 'Your answers match the passport you read',
  disagrees: 'Your answers and your passport disagree',
  disagreeHint: 'Correct your answer, or read the passport again if we misread it.',
  field: 'Field',
  typed: 'You typed',
  passport: 'Passport says',
  remove: 'Stop checking against this passport',
  failed: 'The passport could not be read. Please try again.',
} as const;

/**
 * The reader's words about whose passport it is: the customer's own ("Read my passport"), or on a
 * minor's form, which a parent fills in, the child's by first name (issue 30 §3: a minor's steps
 * name the child, never "you").
 */
export function passportWords(memberKind: MemberKind, fullName: string) {
  if (memberKind !== 'Minor') return PASSPORT_TEXT;
  const child = `${memberFirstName(fullName)}’s`;
  return {
    ...PASSPORT_TEXT,
    title: `Read ${child} passport`,
    intro: `Take a photo or scan of ${child} passport photo page. We read the two lines of letters and numbers at the bottom and show you what we found: nothing is filled in until you say so.`,
    choose: `Read ${child} passport`,
    found: `We read these from ${child} passport`,
    foundHint: 'Check each value against the passport. Correct a name if we misread a letter.',
    filled: `Filled in from ${child} passport. The answers will be checked against it before review.`,
    agrees: `The answers match ${child} passport`,
    disagrees: `The answers and ${child} passport disagree`,
    disagreeHint: 'Correct the answer, or read the passport again if we misread it.',
  };
}

/** A passport field's value as the customer reads it. */
function shown(field: PassportField, value: string): string {
  if (field === 'sex') return value === 'female' ? 'Female' : 'Male';
  if (field === 'nationality' || field === 'issuingState') return countryName(value);
  if (field === 'dateOfBirth' || field === 'expiryDate') return displayDate(value);
  return value;
}

type Phase =
  | { kind: 'idle' }
  | { kind: 'uploading'; percent: number }
  | { kind: 'reading' }
  | { kind: 'confirming'; reading: MrzReading; fields: PassportFields }
  /** `copyItem`: the member's empty passport item the file read here may fill (PassportCopyKeeper). */
  | { kind: 'filled'; copyItem?: ChecklistItemStatus | undefined };

export interface PassportReaderProps {
  orderRef: string;
  memberId: number;
  definition: FormDefinition;
  memberKind: MemberKind;
  /** The member's full name: a minor's passport is named after the child. */
  memberName: string;
  today: string;
  /** The member's uploaded passport copies: photos, or PDF scans whose page image is read. */
  copies: readonly { documentId: number; name: string }[];
  /** Puts answers into the form (as typed: marked changed, checked, saved by autosave), noted as `from`. */
  fill: FillAnswers;
  /** The member's checklist items while documents may change: a passport item with no file yet is offered the file read. */
  copyItems?: readonly ChecklistItemStatus[];
  /** Sends the file read as the member's file for a checklist item (decision 0196). */
  keepCopy?(itemId: string, file: File, progress: UploadProgress): Promise<void>;
}

/**
 * "Read my passport" on the passport step (issue 30 §2): a photo of the bio page (or the copy
 * already uploaded) is read on the server; the values found are listed beside the fields they
 * fill for the customer to confirm or correct, and only "Use these values" fills them. Once a
 * reading is confirmed, answers that disagree with it are shown side by side.
 */
export function PassportReader({
  orderRef,
  memberId,
  definition,
  memberKind,
  memberName,
  today,
  copies,
  fill,
  copyItems = [],
  keepCopy,
}: PassportReaderProps) {
  const id = useId();
  const words = passportWords(memberKind, memberName);
  const client = useQueryClient();
  const [phase, setPhase] = useState<Phase>({ kind: 'idle' });
  const [problem, setProblem] = useState<string>();
  /** The file chosen here for the reading on screen; null for a copy already uploaded. */
  const [readFile, setReadFile] = useState<File | null>(null);
  const values = useWatch({ control: useEngine().control }) as Record<string, unknown>;
  const confirmed = useQuery({
    queryKey: passportKey(orderRef, memberId),
    queryFn: async () => (await getConfirmedPassport(orderRef, memberId)).data,
  });
  const asked = shownFieldKeys(memberSteps(definition, memberKind), (key) => values[key]);

  async function read(run: (onProgress: (fraction: number) => void) => Promise<MrzReading>) {
    setProblem(undefined);
    setPhase({ kind: 'uploading', percent: 0 });
    try {
      const reading = await run((fraction) =>
        setPhase(fraction < 1 ? { kind: 'uploading', percent: Math.round(fraction * 100) } : { kind: 'reading' }),
      );
      setPhase({ kind: 'confirming', reading, fields: reading.fields });
    } catch (error) {
      setProblem(errorMessage(error, PASSPORT_TEXT.failed));
      setPhase({ kind: 'idle' });
    }
  }

  async function use(reading: MrzReading, fields: PassportFields, found: readonly PassportAnswer[]) {
    setProblem(undefined);
    // A reading whose check digits fail is not kept: the answers are checked against none. A valid
    // one is kept first, so a passport the server refuses (another person's) fills nothing.
    if (reading.valid) {
      try {
        const saved = await confirmPassport(orderRef, memberId, { lines: reading.lines, fields });
        await putAnswer<ConfirmedPassport | null>(client, passportKey(orderRef, memberId), saved.data);
      } catch (error) {
        setProblem(errorMessage(error, PASSPORT_TEXT.failed));
        return;
      }
    }
    fill(Object.fromEntries(found.map(({ key, value }) => [key, value])), PASSPORT_TEXT.readFrom);
    const copyItem = passportCopyItem(copyItems, fields.issuingState);
    setPhase({ kind: 'filled', copyItem: copyItem?.documents.length === 0 ? copyItem : undefined });
  }

  async function remove() {
    setProblem(undefined);
    try {
      await removePassport(orderRef, memberId);
      await putAnswer<ConfirmedPassport | null>(client, passportKey(orderRef, memberId), null);
    } catch (error) {
      setProblem(errorMessage(error, PASSPORT_TEXT.failed));
    }
  }

  // "Use these values" goes with the panel it closes: the reader shrinks by the panel's height under
  // a phone's finger, leaving the offer to keep the file above the screen and the focus on the page
  // (walk E). The reader's heading takes both, so what was filled and the offer below are in view.
  const title = useRef<HTMLHeadingElement>(null);
  const filled = phase.kind === 'filled';
  useEffect(() => {
    if (!filled) return;
    title.current?.focus({ preventScroll: true });
    title.current?.scrollIntoView({ block: 'start' });
  }, [filled]);

  const busy = phase.kind === 'uploading' || phase.kind === 'reading';
  const stored = confirmed.data ?? null;
  const chooseWords = stored || phase.kind !== 'idle' ? PASSPORT_TEXT.chooseAgain : words.choose;
  const disagreements = stored ? memberPassportDisagreements(definition, memberKind, values, stored.fields, today) : [];

  return (
    <section aria-labelledby={`${id}-title`} className="rounded-2xl border border-brand-200 bg-brand-50/60 p-4 sm:p-6">
      <h3
        ref={title}
        id={`${id}-title`}
        tabIndex={-1}
        className="flex scroll-mt-24 items-center gap-2 text-lg font-bold text-slate-900 outline-none"
      >
        <Icon name="id-card" className="size-5 text-brand-700" />
        {words.title}
      </h3>
      <p className="mt-1 text-slate-700">{words.intro}</p>
      <div className="mt-4 flex flex-wrap gap-2">
        {/* The input sits inside its label so the label, the visible button, shows the input's focus ring. */}
        <label
          className={`btn-primary cursor-pointer px-4 py-2 has-focus-visible:outline-3 has-focus-visible:outline-brand-500 ${busy ? 'pointer-events-none opacity-70' : ''}`}
        >
          <Icon name="camera" className="size-5" />
          {chooseWords}
          <input
            type="file"
            accept={acceptAttribute(PASSPORT_PAGE_UPLOAD.types)}
            aria-label={`${chooseWords}: ${PASSPORT_TEXT.fileLabel}`}
            // Held, not disabled, while a passport is read: disabling it dropped the focus to the page.
            aria-disabled={busy || undefined}
            className="sr-only"
            onChange={(event) => {
              const file = event.target.files?.[0];
              event.target.value = '';
              if (!file || busy) return;
              // Said before a byte is sent: a phone photo over the limit would otherwise upload in full first.
              const refused = refusalBeforeSending(file, PASSPORT_PAGE_UPLOAD);
              if (refused) return setProblem(refused);
              setReadFile(file);
              void read((onProgress) => readPassportPhoto(orderRef, memberId, file, { onProgress }));
            }}
          />
        </label>
        {/* Just after a reading is used (and its file perhaps kept as the copy), reading a copy would only read it again. */}
        {(phase.kind === 'filled' ? [] : copies).map((copy) => (
          <button
            key={copy.documentId}
            type="button"
            aria-disabled={busy || undefined}
            className="btn-outline px-4 py-2 text-sm aria-disabled:opacity-70"
            onClick={() => {
              if (busy) return;
              setReadFile(null);
              void read(async () => (await readPassportDocument(orderRef, memberId, copy.documentId)).data);
            }}
          >
            {PASSPORT_TEXT.readCopy(copy.name)}
          </button>
        ))}
      </div>

      {/* While the found values show under their own heading, the line is for screen readers only (it was the heading twice). */}
      <div
        aria-live="polite"
        role="status"
        className={phase.kind === 'confirming' ? 'sr-only' : 'mt-3 text-sm text-slate-700 empty:hidden'}
      >
        {phase.kind === 'uploading' ? PASSPORT_TEXT.uploading(phase.percent) : null}
        {phase.kind === 'reading' ? (
          <span className="inline-flex items-center gap-2">
            <Icon name="loader-circle" className="size-4 animate-spin" />
            {PASSPORT_TEXT.reading}
          </span>
        ) : null}
        {phase.kind === 'confirming' ? words.found : null}
        {phase.kind === 'filled' ? words.filled : null}
      </div>
      {problem ? (
        <p
          role="alert"
          className="mt-3 rounded-xl border border-red-200 bg-red-50 p-3 text-sm font-medium text-red-900"
        >
          {problem}
        </p>
      ) : null}

      {phase.kind === 'filled' && phase.copyItem && readFile && keepCopy ? (
        <PassportCopyKeeper
          item={phase.copyItem}
          file={readFile}
          keep={(file, progress) => keepCopy(phase.copyItem?.id ?? '', file, progress)}
        />
      ) : null}

      {phase.kind === 'confirming' ? (
        <ConfirmPanel
          words={words}
          phase={phase}
          asked={asked}
          values={values}
          onChange={(fields) => setPhase({ ...phase, fields })}
          onUse={(found) => void use(phase.reading, phase.fields, found)}
          onCancel={() => setPhase({ kind: 'idle' })}
        />
      ) : stored && phase.kind !== 'uploading' && phase.kind !== 'reading' ? (
        disagreements.length > 0 ? (
          <MismatchPanel words={words} disagreements={disagreements} />
        ) : (
          <p className="mt-4 flex items-center gap-2 font-medium text-emerald-800">
            <Icon name="circle-check" className="size-5" />
            {words.agrees}
          </p>
        )
      ) : null}
      {stored && phase.kind !== 'confirming' ? (
        <button
          type="button"
          onClick={() => void remove()}
          className="mt-3 text-sm font-semibold text-slate-700 underline underline-offset-4"
        >
          {PASSPORT_TEXT.remove}
        </button>
      ) : null}
    </section>
  );
}

interface ConfirmPanelProps {
  words: ReturnType<typeof passportWords>;
  phase: Extract<Phase, { kind: 'confirming' }>;
  asked: ReadonlySet<string>;
  values: Record<string, unknown>;
  onChange(fields: PassportFields): void;
  onUse(found: readonly PassportAnswer[]): void;
  onCancel(): void;
}

/** Each value found beside the field it fills; names are editable, the check digits vouch for the rest. */
function ConfirmPanel({ words, phase, asked, values, onChange, onUse, onCancel }: ConfirmPanelProps) {
  const id = useId();
  const { reading, fields } = phase;
  const found = passportAnswers(fields, asked);
  // What was read opens below the photo's button, off a phone's screen: it is brought into view (a
  // walk's parent scrolled to find "Use these values"). The focus stays: the status announces it.
  const heading = useRef<HTMLHeadingElement>(null);
  // In braces: Chromium's scrollIntoView now answers a promise, which React would call as the cleanup.
  useEffect(() => {
    heading.current?.scrollIntoView({ block: 'start' });
  }, []);
  return (
    <div className="mt-4 rounded-xl border border-slate-200 bg-white p-4">
      <h4 ref={heading} id={`${id}-found`} className="scroll-mt-24 font-bold text-slate-900">
        {words.found}
      </h4>
      <p className="mt-1 text-sm text-slate-600">{words.foundHint}</p>
      {reading.valid ? null : (
        <p className="mt-3 flex items-start gap-2 rounded-lg bg-amber-50 p-3 text-sm text-amber-950">
          <Icon name="circle-alert" className="mt-0.5 size-4" />
          {PASSPORT_MESSAGES.checksFailed}
        </p>
      )}
      <ul aria-labelledby={`${id}-found`} className="mt-3 divide-y divide-slate-100">
        {found.map(({ field, key, value }) => {
          const typed = typeof values[key] === 'string' ? (values[key] as string) : '';
          const vouched = reading.valid && (CHECKED_FIELDS as readonly string[]).includes(field);
          const editable = field === 'surname' || field === 'givenNames';
          return (
            <li key={key} className="grid gap-1 py-3 sm:grid-cols-[12rem_minmax(0,1fr)] sm:items-center">
              {editable ? (
                <label htmlFor={`${id}-${field}`} className="text-sm font-semibold text-slate-900">
                  {PASSPORT_FIELD_LABELS[field]}
                </label>
              ) : (
                <span className="text-sm font-semibold text-slate-900">{PASSPORT_FIELD_LABELS[field]}</span>
              )}
              <div className="min-w-0">
                {editable ? (
                  <input
                    id={`${id}-${field}`}
                    value={value}
                    onChange={(event) => onChange({ ...fields, [field]: event.target.value.toUpperCase() })}
                    className="field-input mt-0 py-2 uppercase"
                    autoComplete="off"
                  />
                ) : (
                  <span
                    className={`text-base text-slate-900 ${field === 'passportNumber' ? 'font-mono' : 'font-medium'}`}
                  >
                    {shown(field, value)}
                  </span>
                )}
                {vouched ? (
                  <span className="ml-2 inline-flex items-center gap-1 text-xs font-medium text-emerald-800">
                    <Icon name="check" className="size-3.5" />
                    {PASSPORT_TEXT.checked}
                  </span>
                ) : null}
                {typed && typed !== value ? (
                  <span className="block text-xs text-slate-600">{PASSPORT_TEXT.yourAnswer(shown(field, typed))}</span>
                ) : null}
              </div>
            </li>
          );
        })}
      </ul>
      <div className="mt-4 flex flex-wrap gap-2">
        <button type="button" className="btn-primary px-4 py-2" onClick={() => onUse(found)}>
          <Icon name="check" className="size-5" />
          {PASSPORT_TEXT.use}
        </button>
        <button type="button" className="btn-outline px-4 py-2" onClick={onCancel}>
          {PASSPORT_TEXT.cancel}
        </button>
      </div>
    </div>
  );
}

/** Typed answers and the passport side by side, one row a disagreement, each with its message. */
function MismatchPanel({
  words,
  disagreements,
}: {
  words: ReturnType<typeof passportWords>;
  disagreements: readonly Disagreement[];
}) {
  const id = useId();
  return (
    <div className="mt-4 rounded-xl border border-red-200 bg-white p-4">
      <h4 id={`${id}-title`} className="flex items-center gap-2 font-bold text-red-900">
        <Icon name="circle-alert" className="size-5" />
        {words.disagrees}
      </h4>
      <p className="mt-1 text-sm text-slate-700">{words.disagreeHint}</p>
      <table className="mt-3 w-full table-fixed text-left text-sm">
        <thead>
          <tr className="text-slate-600">
            <th scope="col" className="w-1/3 py-1 pr-2 font-semibold">
              {PASSPORT_TEXT.field}
            </th>
            <th scope="col" className="py-1 pr-2 font-semibold">
              {PASSPORT_TEXT.typed}
            </th>
            <th scope="col" className="py-1 font-semibold">
              {PASSPORT_TEXT.passport}
            </th>
          </tr>
        </thead>
        <tbody>
          {disagreements.map((d) => (
            <tr key={`${d.key}-${d.kind}`} className="border-t border-slate-100 align-top">
              <th scope="row" className="py-2 pr-2 font-semibold text-slate-900">
                {PASSPORT_FIELD_LABELS[d.field]}
              </th>
              <td className="break-words py-2 pr-2 font-mono text-red-800">
                {d.typed ? shown(d.field, d.typed) : '—'}
              </td>
              <td className="break-words py-2 font-mono text-slate-900">
                {d.passport ? shown(d.field, d.passport) : '—'}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <ul className="mt-3 list-disc space-y-1 pl-5 text-sm text-red-900">
        {disagreements.map((d) => (
          <li key={`${d.key}-${d.kind}`}>{d.message}</li>
        ))}
      </ul>
    </div>
  );
}

/** The member's step that asks the passport number: where the reader checks typed answers against it. */
export function passportStepKey(definition: FormDefinition, memberKind: MemberKind): string | undefined {
  const steps = memberSteps(definition, memberKind);
  const byField = stepIndexByField(steps);
  const index = PASSPORT_ANSWER_KEYS.passportNumber.map((key) => byField.get(key)).find((i) => i !== undefined);
  return index === undefined ? undefined : steps[index]?.key;
}

/**
 * Where the reader goes: the passport number's step and, before it, the first step that asks
 * anything the passport answers (names, sex, date of birth), so that reading the page first fills
 * them all instead of the customer typing them and then reading (issue 30: inputs per family).
 */
export function passportReaderStepKeys(definition: FormDefinition, memberKind: MemberKind): ReadonlySet<string> {
  const passportStep = passportStepKey(definition, memberKind);
  if (!passportStep) return new Set();
  const steps = memberSteps(definition, memberKind);
  const byField = stepIndexByField(steps);
  const first = Math.min(
    ...Object.values(PASSPORT_ANSWER_KEYS)
      .flat()
      .flatMap((key) => {
        const index = byField.get(key);
        return index === undefined ? [] : [index];
      }),
  );
  return new Set([steps[first]?.key ?? passportStep, passportStep]);
}

/**
 * The member's uploaded passport copies, photos and PDF scans alike (the server reads a PDF's
 * page image; one without a scanned page is answered in words).
 */
export function passportCopies(checklist: MemberChecklist | undefined): { documentId: number; name: string }[] {
  return (checklist?.items ?? [])
    .filter((item) => /passport/.test(item.id) && !/^parent-/.test(item.id))
    .flatMap((item) => item.documents)
    .map((document) => ({ documentId: document.id, name: document.name }));
}
