import { zodResolver } from '@hookform/resolvers/zod';
import {
  type ReactNode,
  type Ref,
  useCallback,
  useEffect,
  useId,
  useImperativeHandle,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import { type Resolver, useForm, useWatch } from 'react-hook-form';
import { z } from 'zod';
import type { MemberKind } from '../../../../domain/applications/member-kinds.ts';
import {
  type Answers,
  buildAnswersSchema,
  type CheckedAnswers,
  checkAnswers,
} from '../../../../domain/forms/answers.ts';
import {
  answerFieldsByKey,
  type FormDefinition,
  type FormField,
  type FormStep,
  walkFields,
} from '../../../../domain/forms/definition.ts';
import type { FileRef } from '../../../../domain/forms/files.ts';
import { definitionForMember } from '../../../../domain/forms/member-texts.ts';
import {
  answersSayTheSame,
  conditionSources,
  isEmptyAnswer,
  memberSteps,
  sameAnswer,
  sectionsRequiredNow,
  shownFieldKeys,
  stepIndexByField,
} from '../../../../domain/forms/visibility.ts';
import { todayIsoDate } from '../../../../domain/limits/constants.ts';
import type { ComplianceReport } from '../../../../domain/photos/compliance.ts';
import type { ThumbnailSize } from '../../../../domain/uploads/thumbnail.ts';
import { Icon } from '../../../components/ui/icon.tsx';
import { useHydrated } from '../../../components/ui/use-hydrated.ts';
import { liftChatButtonAbove } from '../../../lib/chat-button-lift.ts';
import { usePendingUploads } from '../../../lib/pending-uploads.ts';
import {
  type CopyOffer,
  EngineContext,
  type EngineContextValue,
  type FormValues,
  type UploadFile,
  useEngine,
} from './engine-context.ts';
import { SectionView } from './field-view.tsx';
import { type NavigatorStep, StepNavigator } from './step-navigator.tsx';

// DESIGN.md §2b: zod must not try `new Function` under our CSP (no 'unsafe-eval').
if (typeof document !== 'undefined') z.config({ jitless: true });

export const ENGINE_TEXT = {
  back: 'Back',
  continue: 'Continue',
  review: 'Review answers',
  nextMember: 'Next member',
  nothingHere: 'Nothing to answer on this step. Continue to the next one.',
  waitingForUploads: 'Finishing your upload before going on…',
} as const;

/** Every change of an answer: what autosave needs. */
export interface FormEngineChange {
  /** All answers as typed, every step (send them to the server, which keeps the valid, shown ones). */
  values: FormValues;
  /** Whether anything differs from the values last marked saved (or the defaults). */
  isDirty: boolean;
  /** The field that changed. */
  name: string | undefined;
}

/** A move to another step; `step` is the per-member step counter (1-based, SPEC.md §3 currentStepper). */
export interface StepChange {
  step: number;
  stepKey: string;
  previousStep: number;
  values: FormValues;
  isDirty: boolean;
}

/** What the host (autosave, members, review) can do with a mounted engine. */
export interface FormEngineHandle {
  getValues(): FormValues;
  isDirty(): boolean;
  /** After a successful save of `saved`: those become the baseline; what was typed since stays dirty. */
  markSaved(saved: FormValues): void;
  /**
   * Answers saved elsewhere (another tab or device) become the baseline and the values, except
   * the answers changed here since the last save, which stay as typed and dirty.
   */
  mergeSaved(saved: FormValues): void;
  /** The current step, 1-based. */
  currentStep(): number;
  /** Opens step `step` (1-based) without checking the current one. */
  goToStep(step: number): void;
  /**
   * Opens step `step` (1-based) as Back and the list of steps do (the browser's Back and Forward):
   * a file on its way is waited for. Resolves with the step shown then, which is another one when
   * a file failed (the customer stays beside its message) or the form has no such step; null when
   * a later move came first.
   */
  openStep(step: number): Promise<number | null>;
  /**
   * Resolves once no upload of the form is on its way, saying meanwhile that it is finishing:
   * leaving the form (another member, the review) would abandon a file being sent. False when one
   * failed (its field says why, and the customer stays to send it again) or the form has gone.
   */
  uploadsSettled(): Promise<boolean>;
  /** Checks the current step as the complete form would, showing the messages; true when it passes. */
  validateStep(): Promise<boolean>;
  /** The answers a partial save would keep now, and the messages of those it would refuse. */
  savableAnswers(): CheckedAnswers;
  /**
   * Shows the server's field messages (a refused save or review) beside their fields and opens the
   * first step with one; true when any message belongs to a field of this form.
   */
  showErrors(errors: Record<string, string>): boolean;
}

/**
 * A step the host draws after the definition's steps (the member's documents): counted, listed
 * and opened like the others; the last one's button hands the answers over for review.
 */
export interface HostStep {
  key: string;
  title: string;
  intro?: string;
  content: ReactNode;
  /** Ticked in the list of steps. */
  done: boolean;
}

export interface FormEngineProps {
  definition: FormDefinition;
  memberKind: MemberKind;
  /** The member's saved answers. */
  defaultValues?: FormValues;
  /** The step to open, 1-based (the saved step counter). */
  initialStep?: number;
  /**
   * Answers the customer saved before (not what the household fills in): a step with one of them
   * was filled in, and counts as done when it passes, even when the form opens on an earlier step
   * (the customer went back to change one).
   */
  savedAnswers?: FormValues;
  /** ISO date the date rules are resolved on; default today (UTC), as the server does. */
  today?: string;
  /** Sends a file; without it, upload fields say uploading is unavailable. */
  upload?: UploadFile;
  /** A URL that previews a stored document (`thumb`: its small thumbnail), if there is one. */
  fileUrl?: (ref: FileRef, size?: ThumbnailSize) => string | undefined;
  /** The photo checks kept with a stored document, if there are any (shown again after a reload). */
  fileReport?: (ref: FileRef) => ComplianceReport | undefined;
  /** What the host says of a stored document beyond its own checks (another member's same file). */
  fileNote?: (ref: FileRef) => string | undefined;
  /** Whose form it is, shown over the steps on desktop. */
  memberName?: string;
  onChange?(change: FormEngineChange): void;
  onStepChange?(change: StepChange): void;
  /** The last step was continued and the whole form passes: the normalised answers, for the review step. */
  onComplete?(answers: Answers): void | Promise<void>;
  /**
   * The last step's button: what finishing leads to ('Next member' when another member's form
   * comes next); 'Review answers' by default.
   */
  finishLabel?: string;
  /** Beside the buttons: the autosave status, for example. */
  status?: ReactNode;
  /** Steps the host draws after the definition's (see HostStep). */
  hostSteps?: readonly HostStep[];
  /**
   * Drawn above a definition step's questions (the passport reader on the passport step), with a
   * way to fill answers as if typed.
   */
  stepAddOn?: (stepKey: string, fill: FillAnswers) => ReactNode;
  /** Where answers in `defaultValues` came from when the host filled them in, by field key (shown beside them). */
  notes?: Readonly<Record<string, string>>;
  /** Answers the customer can copy in with one tap, each shown once at the top of the first section it fills. */
  offers?: readonly CopyOffer[];
  /**
   * One-tap copies worked out from the member's own answers as they are now (`of`), watching `keys`:
   * an answer given on one step offered for a question of a later one.
   */
  liveOffers?: LiveOffers;
  ref?: Ref<FormEngineHandle>;
}

/** Offers made from the form's own answers (FormEngineProps.liveOffers). */
export interface LiveOffers {
  keys: readonly string[];
  of(current: FormValues): readonly CopyOffer[];
}

const NO_NOTES: Readonly<Record<string, string>> = {};
const NO_OFFERS: readonly CopyOffer[] = [];

/**
 * Sets answers as if typed: marked changed (autosave sends them) and checked. `from` says where they
 * came from beside each ("Read from the passport"), in place of a pre-filled or copied answer's note.
 */
export type FillAnswers = (answers: Record<string, string>, from: string) => void;

const NO_HOST_STEPS: readonly HostStep[] = [];

/** The copies taken (not offered again) and where each answer filled for the member came from. */
interface Taken {
  ids: ReadonlySet<string>;
  notes: Record<string, string>;
}

/** `taken` with `from` noted beside each of `keys`, and the offers `ids` among those taken. */
const noting =
  (keys: readonly string[], from: string, ids: readonly string[] = []) =>
  (taken: Taken): Taken => ({
    ids: ids.length === 0 ? taken.ids : new Set([...taken.ids, ...ids]),
    notes: { ...taken.notes, ...Object.fromEntries(keys.map((key) => [key, from])) },
  });

const clamp = (value: number, max: number) => Math.min(Math.max(value, 0), Math.max(max, 0));

/** Each offer under the first section (in the member's steps) holding a question it answers. */
function offersBySectionKey(steps: readonly FormStep[], offers: readonly CopyOffer[]) {
  const bySection = new Map<string, CopyOffer[]>();
  for (const offer of offers) {
    const section = steps
      .flatMap((step) => step.sections)
      .find((s) => [...walkFields(s.fields)].some(({ field }) => field.key in offer.values));
    if (section) bySection.set(section.key, [...(bySection.get(section.key) ?? []), offer]);
  }
  return bySection;
}

/** The answer keys of one step, in order. */
/** An answer given: not empty, not an empty list. */
const isAnswered = (value: unknown) =>
  value !== undefined && value !== null && value !== '' && !(Array.isArray(value) && value.length === 0);

function stepKeys(byField: Map<string, number>, index: number): string[] {
  return [...byField].filter(([, step]) => step === index).map(([key]) => key);
}

/**
 * One member's form: the steps of a definition for the member's kind, one step at a time, on
 * react-hook-form with the schema built from the definition (docs/decisions/0047-form-engine.md).
 * Messages show as a field is left (malformed answers only) and, for required answers, when
 * the step is continued. Answers of dependents that hide are dropped.
 */
export function FormEngine({
  definition: given,
  memberKind,
  defaultValues,
  initialStep = 1,
  savedAnswers,
  today: givenToday,
  upload,
  fileUrl,
  fileReport,
  fileNote,
  memberName,
  onChange,
  onStepChange,
  onComplete,
  finishLabel = ENGINE_TEXT.review,
  status,
  hostSteps = NO_HOST_STEPS,
  stepAddOn,
  notes: givenNotes = NO_NOTES,
  offers = NO_OFFERS,
  liveOffers,
  ref,
}: FormEngineProps) {
  const [today] = useState(() => givenToday ?? todayIsoDate());
  const hydrated = useHydrated();
  const idPrefix = `fe${useId().replace(/[^A-Za-z0-9]/g, '')}`;
  // A minor's form names the child where the definition says how (src/domain/forms/member-texts.ts).
  const definition = useMemo(
    () => definitionForMember(given, { kind: memberKind, fullName: memberName }),
    [given, memberKind, memberName],
  );
  const steps = useMemo(() => memberSteps(definition, memberKind), [definition, memberKind]);
  const byField = useMemo(() => stepIndexByField(steps), [steps]);
  const schemas = useMemo(
    () => ({
      partial: buildAnswersSchema(definition, { mode: 'partial', memberKind, today }),
      complete: buildAnswersSchema(definition, { mode: 'complete', memberKind, today }),
    }),
    [definition, memberKind, today],
  );
  // Leaving a field checks what is there (partial); continuing a step checks what must be there too.
  const strict = useRef(false);
  const resolver = useCallback<Resolver<FormValues>>(
    (values, context, options) =>
      (zodResolver(strict.current ? schemas.complete : schemas.partial) as unknown as Resolver<FormValues>)(
        values,
        context,
        options,
      ),
    [schemas],
  );
  const form = useForm<FormValues>({
    defaultValues: defaultValues ?? {},
    mode: 'onTouched',
    reValidateMode: 'onChange',
    resolver,
  });
  const { control, getValues, getFieldState, setValue, trigger, unregister, subscribe, reset, setError, formState } =
    form;

  // Read while rendering, so react-hook-form keeps it up to date for the callbacks below.
  const dirty = useRef(false);
  dirty.current = formState.isDirty;

  const stepCount = steps.length + hostSteps.length;
  const [index, setIndex] = useState(() => clamp(initialStep - 1, stepCount - 1));
  const [visited, setVisited] = useState(() => {
    const seen = new Set(Array.from({ length: index + 1 }, (_, i) => i));
    for (const [key, step] of byField) if (isAnswered(savedAnswers?.[key])) seen.add(step);
    return seen;
  });
  const heading = useRef<HTMLHeadingElement | null>(null);
  const pendingUploads = usePendingUploads();
  const moved = useRef(false);
  const checkOnArrival = useRef(false);

  // Watched as the member answers, and only these (not every keystroke): the answers dependents
  // and `requiredWhen` test, which decide the fields shown and required, and those a one-tap
  // copy's condition reads.
  const sources = useMemo(
    () => [
      ...new Set([
        ...conditionSources(definition),
        ...offers.flatMap((o) => (o.fits ? o.keys : [])),
        ...(liveOffers?.keys ?? []),
      ]),
    ],
    [definition, offers, liveOffers],
  );
  // An empty list watches nothing (no name at all would watch every answer).
  const watched = useWatch({ control, name: sources }) as unknown[];
  const watchedKey = JSON.stringify(watched);
  // biome-ignore lint/correctness/useExhaustiveDependencies: recomputed when a watched answer changes (watchedKey).
  const answersNow = useMemo(
    () => Object.fromEntries(sources.map((key, i) => [key, watched[i]])) as FormValues,
    [sources, watchedKey],
  );
  const shown = useMemo(() => shownFieldKeys(steps, (key) => answersNow[key]), [steps, answersNow]);

  // Hidden answers are not kept (SPEC.md §3 dependent): drop them from the form as they hide.
  const answerKeys = useMemo(() => [...answerFieldsByKey(definition).keys()], [definition]);
  useEffect(() => {
    const values = getValues();
    const hidden = answerKeys.filter((key) => !shown.has(key) && values[key] !== undefined);
    if (hidden.length > 0) unregister(hidden, { keepDefaultValue: true });
  }, [shown, answerKeys, getValues, unregister]);

  const changeHandler = useRef(onChange);
  changeHandler.current = onChange;
  useEffect(
    () =>
      subscribe({
        formState: { values: true, isDirty: true },
        callback: ({ values, isDirty, name }) =>
          changeHandler.current?.({ values, isDirty: Boolean(isDirty), name: name ?? undefined }),
      }),
    [subscribe],
  );

  const validateStep = useCallback(
    async (at: number = index) => {
      const keys = stepKeys(byField, at).filter((key) => shown.has(key));
      strict.current = true;
      try {
        return await trigger(keys, { shouldFocus: true });
      } finally {
        strict.current = false;
      }
    },
    [byField, index, shown, trigger],
  );

  const goToStep = useCallback(
    (next: number) => {
      const target = clamp(next, stepCount - 1);
      if (target === index) return;
      moved.current = true;
      setIndex(target);
      setVisited((v) => new Set(v).add(target));
      onStepChange?.({
        step: target + 1,
        stepKey: steps[target]?.key ?? hostSteps[target - steps.length]?.key ?? '',
        previousStep: index + 1,
        values: getValues(),
        isDirty: dirty.current,
      });
    },
    [steps, hostSteps, stepCount, index, onStepChange, getValues],
  );

  // After a move: the new step's heading takes focus (and is read out); a step opened to show
  // its problems checks itself once its fields are there. A layout effect: the focus moves in the
  // same commit that shows the step, never a moment after it (a passive effect left a window in
  // which the new step was on screen with the focus still on the old button).
  // Once per move: a later change of the step's shown fields (an answer that reveals others) must
  // leave the focus where the customer is answering.
  useLayoutEffect(() => {
    if (!moved.current) return;
    moved.current = false;
    heading.current?.focus();
    heading.current?.scrollIntoView?.({ block: 'start' });
    if (checkOnArrival.current) {
      checkOnArrival.current = false;
      void validateStep(index);
    }
  }, [index, validateStep]);

  async function complete() {
    const result = checkAnswers(definition, getValues(), { mode: 'complete', memberKind, today });
    const wrong = Object.keys(result.errors)
      .map((key) => byField.get(key) ?? steps.length)
      .sort((a, b) => a - b)[0];
    if (wrong !== undefined) {
      if (wrong === index) await validateStep();
      else {
        checkOnArrival.current = true;
        goToStep(wrong);
      }
      return;
    }
    await onComplete?.(result.answers);
  }

  const uploadsSettled = pendingUploads.settled;
  const waitingForUploads = pendingUploads.waiting;

  // The step the customer asked for last while an upload finished: a later tap wins.
  const asked = useRef<number | null>(null);
  /**
   * Back and the list of steps: a file being sent on this step is waited for, not abandoned; one
   * that failed keeps the customer here, beside its message.
   */
  async function moveTo(target: number): Promise<number | null> {
    asked.current = target;
    const allIn = await uploadsSettled();
    if (asked.current !== target) return null;
    asked.current = null;
    if (!allIn) return index;
    goToStep(target);
    return clamp(target, stepCount - 1);
  }
  // The handle's openStep goes through the latest render's moveTo (its step and its goToStep).
  const latestMoveTo = useRef(moveTo);
  latestMoveTo.current = moveTo;

  async function next() {
    asked.current = null;
    const allIn = await uploadsSettled();
    if (asked.current !== null || !allIn) return;
    if (!(await validateStep())) return;
    if (index === stepCount - 1) await complete();
    else goToStep(index + 1);
  }

  useImperativeHandle(
    ref,
    () => ({
      getValues: () => getValues(),
      isDirty: () => dirty.current,
      markSaved: (saved) =>
        reset(saved, { keepValues: true, keepErrors: true, keepTouched: true, keepIsSubmitted: true }),
      mergeSaved: (saved) => {
        const baseline = control._defaultValues as FormValues;
        const current = getValues();
        const typedHere = Object.keys(current).filter((key) => !sameAnswer(current[key], baseline[key]));
        reset(saved, { keepErrors: true, keepTouched: true, keepIsSubmitted: true });
        for (const key of typedHere) setValue(key, current[key], { shouldDirty: true });
      },
      currentStep: () => index + 1,
      goToStep: (step) => goToStep(step - 1),
      openStep: async (step) => {
        const shown = await latestMoveTo.current(step - 1);
        return shown === null ? null : shown + 1;
      },
      uploadsSettled,
      validateStep: () => validateStep(),
      savableAnswers: () => checkAnswers(definition, getValues(), { mode: 'partial', memberKind, today }),
      showErrors: (errors) => {
        const known = Object.entries(errors).filter(([key]) => byField.has(key));
        for (const [key, message] of known) setError(key, { type: 'server', message });
        const first = Math.min(...known.map(([key]) => byField.get(key) ?? stepCount));
        if (first < stepCount && first !== index) goToStep(first);
        return known.length > 0;
      },
    }),
    [
      getValues,
      reset,
      setError,
      setValue,
      control,
      byField,
      stepCount,
      index,
      goToStep,
      uploadsSettled,
      validateStep,
      definition,
      memberKind,
      today,
    ],
  );

  // A copy taken is not offered again; its answers say where they came from, like pre-filled ones.
  const [taken, setTaken] = useState<Taken>(() => ({
    ids: new Set(),
    notes: {},
  }));
  const offersBySection = useMemo(
    () =>
      offersBySectionKey(
        steps,
        [...offers, ...(liveOffers?.of(answersNow) ?? [])].filter(
          (offer) => !taken.ids.has(offer.id) && (offer.fits?.(answersNow) ?? true),
        ),
      ),
    [steps, offers, liveOffers, taken.ids, answersNow],
  );
  const applyOffer = useCallback(
    (offer: CopyOffer) => {
      // What the other member left empty is emptied here too: no old flat number under their street.
      const mine = getValues();
      for (const key of offer.keys) {
        if (!(key in offer.values) && typeof mine[key] === 'string' && mine[key] !== '') {
          setValue(key, '', { shouldDirty: true });
        }
      }
      // In the order given: a question another one opens (the state after the country) comes after it.
      for (const [key, value] of Object.entries(offer.values)) setValue(key, value, { shouldDirty: true });
      // A question already marked ("City is required" after Continue) is checked again as copied,
      // not left in red under its new answer.
      const marked = offer.keys.filter((key) => getFieldState(key).invalid);
      if (marked.length > 0) void trigger(marked);
      // With it, another member's identical answers (walk G: "Same address as Anya" after Priya's).
      const now = getValues();
      const alike = [...offers, ...(liveOffers?.of(now) ?? [])].filter((o) => answersSayTheSame(now, o.values));
      setTaken(noting(Object.keys(offer.values), offer.from, [offer.id, ...alike.map((o) => o.id)]));
    },
    [getValues, setValue, getFieldState, trigger, offers, liveOffers],
  );
  // A read of the passport fills answers a copy may have given (Rahul's issuing country, "From
  // Priya's answers" in walk F): each then says it came from the read.
  const fill = useCallback<FillAnswers>(
    (answers, from) => {
      for (const [key, value] of Object.entries(answers)) {
        setValue(key, value, { shouldDirty: true, shouldTouch: true, shouldValidate: true });
      }
      setTaken(noting(Object.keys(answers), from));
    },
    [setValue],
  );
  const noted = useMemo(() => ({ ...givenNotes, ...taken.notes }), [givenNotes, taken.notes]);
  const notedKeys = useMemo(() => Object.keys(noted), [noted]);
  // No note beside an empty field, whose answer came from nowhere: one cleared, or one dropped
  // while hidden (a spouse's details while "Married" is not chosen). Renders again only as a noted
  // field empties or fills, not at each keystroke.
  const filled = useWatch({
    control,
    name: notedKeys,
    compute: (values: unknown[]) => notedKeys.filter((_, i) => !isEmptyAnswer(values[i])),
  });
  const notes = useMemo(
    () => Object.fromEntries(Object.entries(noted).filter(([key]) => filled.includes(key))),
    [noted, filled],
  );

  const engine = useMemo<EngineContextValue>(
    () => ({
      control,
      recheck: (key) => void trigger(key),
      idPrefix,
      memberKind,
      today,
      upload,
      trackUpload: pendingUploads.track,
      fileUrl,
      fileReport,
      fileNote,
      notes,
      offersBySection,
      applyOffer,
    }),
    [
      control,
      trigger,
      idPrefix,
      memberKind,
      today,
      upload,
      pendingUploads.track,
      fileUrl,
      fileReport,
      fileNote,
      notes,
      offersBySection,
      applyOffer,
    ],
  );

  const hostStep = hostSteps[index - steps.length];
  const step = steps[index] ?? hostStep;
  if (!step) return null;
  const last = index === stepCount - 1;
  // A question required only while another answer says so (`requiredWhen`) shows as required
  // then; a hidden answer counts as none, as checkAnswers counts it.
  const sections = hostStep
    ? []
    : sectionsRequiredNow(steps[index]?.sections ?? [], (key) => (shown.has(key) ? answersNow[key] : undefined));
  const anythingShown = sections.some((s) => s.fields.some((f: FormField) => shown.has(f.key)));

  return (
    <EngineContext value={engine}>
      <div className="grid gap-6 desk:grid-cols-[17rem_minmax(0,1fr)] desk:gap-12">
        <div className="desk:sticky desk:top-24 desk:self-start">
          <Progress
            definition={definition}
            memberKind={memberKind}
            today={today}
            steps={steps}
            hostSteps={hostSteps}
            byField={byField}
            visited={visited}
            current={index}
            onSelect={(target) => void moveTo(target)}
            memberName={memberName}
          />
        </div>
        <form
          noValidate
          aria-labelledby={`${idPrefix}-step`}
          onSubmit={(event) => {
            event.preventDefault();
            void next();
          }}
          className="min-w-0 max-w-3xl"
        >
          <header className="mb-6">
            <p className="hidden text-sm font-semibold text-brand-700 desk:block">
              Step {index + 1} of {stepCount}
            </p>
            <h2
              id={`${idPrefix}-step`}
              ref={heading}
              tabIndex={-1}
              className="mt-1 scroll-mt-28 text-2xl font-bold tracking-tight text-slate-900 outline-none sm:text-3xl"
            >
              {step.title}
            </h2>
            {step.intro ? <p className="mt-2 text-base text-slate-600">{step.intro}</p> : null}
          </header>
          <div className="space-y-6">
            {!hostStep && stepAddOn ? stepAddOn(step.key, fill) : null}
            {hostStep ? (
              hostStep.content
            ) : anythingShown ? (
              sections.map((section) => (
                <SectionView
                  key={section.key}
                  section={section}
                  shown={shown}
                  stepTitle={step.title}
                  stepHeadingId={`${idPrefix}-step`}
                />
              ))
            ) : (
              <p className="rounded-2xl border border-slate-200 bg-slate-50 p-6 text-slate-700">
                {ENGINE_TEXT.nothingHere}
              </p>
            )}
          </div>
          {/* The chat button floats above this bar, however many rows it wraps to (chat-button-lift.ts). */}
          <div
            ref={liftChatButtonAbove}
            data-sticky-actions
            className="sticky bottom-0 z-10 -mx-4 mt-8 flex flex-wrap items-center gap-3 border-t border-slate-200 bg-white/95 px-4 py-3 backdrop-blur sm:-mx-6 sm:px-6 desk:static desk:mx-0 desk:border-0 desk:bg-transparent desk:px-0 desk:py-0 desk:backdrop-blur-none"
          >
            {index > 0 ? (
              <button type="button" onClick={() => void moveTo(index - 1)} className="btn-outline px-4 sm:px-6">
                <Icon name="arrow-left" className="size-5" />
                <span className="sr-only sm:not-sr-only">{ENGINE_TEXT.back}</span>
              </button>
            ) : null}
            {/* Before the script runs a submit would put the answers in the address: wait for it. */}
            <button
              type="submit"
              disabled={!hydrated || formState.isSubmitting || waitingForUploads}
              className="btn-primary flex-1 disabled:opacity-70 sm:flex-none"
            >
              {last ? finishLabel : ENGINE_TEXT.continue}
              <Icon name="arrow-right" className="size-5" />
            </button>
            {/* Continue, Back, a step or another member waits for the upload, beside its own progress: say why. */}
            <span role="status" className={waitingForUploads ? 'text-sm font-medium text-slate-700' : 'sr-only'}>
              {waitingForUploads ? ENGINE_TEXT.waitingForUploads : ''}
            </span>
            {status ? <div className="ml-auto text-sm text-slate-600">{status}</div> : null}
          </div>
        </form>
      </div>
    </EngineContext>
  );
}

interface ProgressProps {
  definition: FormDefinition;
  memberKind: MemberKind;
  today: string;
  steps: ReturnType<typeof memberSteps>;
  hostSteps: readonly HostStep[];
  byField: Map<string, number>;
  visited: ReadonlySet<number>;
  current: number;
  onSelect(index: number): void;
  memberName: string | undefined;
}

/** The navigator, re-rendered on every answer to tick the steps that are complete. */
function Progress({
  definition,
  memberKind,
  today,
  steps,
  hostSteps,
  byField,
  visited,
  current,
  onSelect,
  memberName,
}: ProgressProps) {
  const values = useWatch({ control: useEngine().control }) as FormValues;
  const { errors } = checkAnswers(definition, values, { mode: 'complete', memberKind, today });
  const failing = new Set(Object.keys(errors).map((key) => byField.get(key)));
  const navigatorSteps: NavigatorStep[] = [
    ...steps.map((step, i) => ({ key: step.key, title: step.title, done: visited.has(i) && !failing.has(i) })),
    ...hostSteps.map((step) => ({ key: step.key, title: step.title, done: step.done })),
  ];
  return <StepNavigator steps={navigatorSteps} current={current} onSelect={onSelect} memberName={memberName} />;
}
