import { PHOTO_RULE_LABELS } from '../../../../domain/photos/compliance.ts';
import {
  FAILED_RULE_CHOICE_LABELS,
  FAILED_RULE_CHOICES,
  type FailedRuleChoice,
  failedChecks,
  paymentStanding,
} from '../../../../domain/photos/failed-rules.ts';
import type { OrderPhoto, PhotoItem, PhotoOrder, PhotoStep } from '../../../../domain/photos/orders.ts';
import { photoVerdict } from '../../../../domain/photos/verdict.ts';
import { Icon } from '../../../components/ui/icon.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { chooseForFailedRules } from '../../../lib/photo-api.ts';
import { useChoiceSave } from '../../../lib/use-choice-save.ts';
import { FAILED_TEXT, REVIEW_TEXT, type UnusablePhoto } from './text.ts';
import { useOrderChange } from './use-order.ts';

/** The order's fitted photos that failed a rule: each needs a retake or the customer's choice before payment. */
export function failingPhotos(order: PhotoOrder): { item: PhotoItem; photo: OrderPhoto }[] {
  return order.items.flatMap((item) =>
    item.photos
      .filter((photo) => photo.state === 'done' && photo.report?.fitted && !photo.report.passed)
      .map((photo) => ({ item, photo })),
  );
}

/**
 * A photo with nothing to deliver as the customer should read it: checked, with what the check
 * found that kept it from being fitted ("no face found"), or not checked (the engine failed).
 */
function unusableAs(photo: OrderPhoto): UnusablePhoto {
  if (photo.state !== 'done' || !photo.report) return { name: photo.name, checked: false };
  const measured = photoVerdict(photo.report).reason?.check.measured ?? null;
  return { name: photo.name, checked: true, found: measured && measured.charAt(0).toLowerCase() + measured.slice(1) };
}

const isUnusable = (photo: OrderPhoto) =>
  paymentStanding({ ...photo, failedRuleChoice: photo.failedRuleChoice?.choice ?? null }) === 'unusable';

/** The order's items with no photo that can be delivered (none, or none checked and fitted): each needs another. */
export function itemsWithoutUsablePhoto(order: PhotoOrder): { item: PhotoItem; photos: UnusablePhoto[] }[] {
  return order.items.flatMap((item) =>
    item.photos.every(isUnusable) ? [{ item, photos: item.photos.map(unusableAs) }] : [],
  );
}

/**
 * The photos nothing is made from in items that have another one to make it from: payment goes
 * ahead, and the customer is told which file is left out (a walk's no-face photo vanished from the
 * paid order without a word).
 */
export function photosNotUsed(order: PhotoOrder): { item: PhotoItem; photos: UnusablePhoto[] }[] {
  return order.items.flatMap((item) => {
    const unused = item.photos.filter(isUnusable);
    return unused.length > 0 && unused.length < item.photos.length ? [{ item, photos: unused.map(unusableAs) }] : [];
  });
}

/**
 * Step 4: the items whose photos could not be used, before the customer reaches Pay (the server
 * would refuse it), and the photos left out of items made from another one.
 */
export function UnusablePhotos({ order, goTo }: { order: PhotoOrder; goTo(step: PhotoStep): void }) {
  const unusable = itemsWithoutUsablePhoto(order);
  if (unusable.length > 0) {
    return (
      <PhotosNotice
        id="unusable-photos"
        tone="hold"
        heading={REVIEW_TEXT.unusableHeading}
        lines={unusable.map(({ item, photos }) => [item.id, REVIEW_TEXT.unusable(item.label, photos)])}
      >
        <button type="button" className="btn-outline mt-3 px-4 py-2 text-sm" onClick={() => goTo(1)}>
          {REVIEW_TEXT.uploadAnother}
        </button>
      </PhotosNotice>
    );
  }
  const notUsed = photosNotUsed(order);
  if (notUsed.length === 0) return null;
  return (
    <PhotosNotice
      id="unused-photos"
      tone="note"
      heading={REVIEW_TEXT.notUsedHeading}
      lines={notUsed.map(({ item, photos }) => [item.id, REVIEW_TEXT.notUsed(item.label, photos)])}
    />
  );
}

const NOTICE_TONES = {
  /** Pay waits for it. */
  hold: { box: 'border-amber-300 bg-amber-50', icon: 'circle-alert', iconColour: 'text-amber-700' },
  /** Said before Pay; nothing waits. */
  note: { box: 'border-slate-300 bg-slate-50', icon: 'info', iconColour: 'text-brand-700' },
} as const;

/** A review notice about the order's photos: a heading, a line per item (keyed by its id), and what to do. */
function PhotosNotice({
  id,
  tone,
  heading,
  lines,
  children,
}: {
  id: string;
  tone: keyof typeof NOTICE_TONES;
  heading: string;
  lines: [itemId: number, line: string][];
  children?: React.ReactNode;
}) {
  const look = NOTICE_TONES[tone];
  return (
    <section aria-labelledby={id} className={`card mb-6 ${look.box}`}>
      <h2 id={id} className="flex items-center gap-2 text-lg font-bold text-slate-900">
        <Icon name={look.icon} className={`size-5 ${look.iconColour}`} />
        {heading}
      </h2>
      <ul className="mt-2 space-y-1 text-sm text-slate-800">
        {lines.map(([key, line]) => (
          <li key={key} className="break-words">
            {line}
          </li>
        ))}
      </ul>
      {children}
    </section>
  );
}

const CHOICE_HINTS: Record<FailedRuleChoice, string> = {
  'person-check': FAILED_TEXT.personCheckHint,
  'accept-risk': FAILED_TEXT.acceptRiskHint,
};

const SECTION_ID = 'failed-photos';

function Thumbnail({ photo, className }: { photo: OrderPhoto; className: string }) {
  return (
    <img
      src={photo.links.fitted ?? photo.links.original}
      alt={FAILED_TEXT.thumbnail(photo.name)}
      className={`shrink-0 rounded-lg bg-slate-100 object-contain ${className}`}
      loading="lazy"
    />
  );
}

function FailingPhoto({
  orderRef,
  item,
  photo,
  goTo,
}: {
  orderRef: string;
  item: PhotoItem;
  photo: OrderPhoto;
  goTo(step: PhotoStep): void;
}) {
  const save = useOrderChange(orderRef, (choice: FailedRuleChoice) =>
    chooseForFailedRules(orderRef, item.id, photo.id, choice),
  );
  const saving = useChoiceSave(save);
  const chosen = saving.sending ?? photo.failedRuleChoice?.choice;
  const name = `choice-${photo.id}`;
  return (
    <li className="grid gap-4 border-t border-amber-200 py-4 first:border-0 sm:grid-cols-[7rem_1fr]">
      <Thumbnail photo={photo} className="size-28" />
      <div className="min-w-0">
        <p className="font-semibold text-slate-900">
          {item.label} · <span className="break-all">{photo.name}</span>
        </p>
        <ul className="mt-2 space-y-2 text-sm">
          {failedChecks(photo.report).map((check) => (
            <li key={check.rule} className="flex gap-2">
              <Icon name="circle-alert" className="mt-0.5 size-4 text-red-700" />
              <span>
                <span className="font-medium text-slate-900">
                  {FAILED_TEXT.rule(PHOTO_RULE_LABELS[check.rule], check.measured, check.expected)}
                </span>
                {check.fix ? <span className="block text-slate-700">{check.fix}</span> : null}
              </span>
            </li>
          ))}
        </ul>
        <fieldset className="mt-4">
          <legend className="text-sm font-semibold text-slate-900">{FAILED_TEXT.question(photo.name)}</legend>
          <button type="button" onClick={() => goTo(1)} className="btn-outline mt-2 px-4 py-2 text-sm">
            <Icon name="camera" className="size-4" />
            {FAILED_TEXT.retake}
          </button>
          <div className="mt-3 space-y-2">
            {FAILED_RULE_CHOICES.map((choice) => (
              <label
                key={choice}
                className="flex cursor-pointer gap-3 rounded-lg border border-slate-200 bg-white p-3 has-[:checked]:border-brand-600 has-[:checked]:ring-1 has-[:checked]:ring-brand-600"
              >
                <input
                  type="radio"
                  name={name}
                  value={choice}
                  checked={chosen === choice}
                  disabled={saving.saving}
                  onChange={() => saving.save(choice)}
                  aria-describedby={`${name}-${choice}-hint`}
                  className="mt-1"
                />
                <span>
                  <span className="block font-medium text-slate-900">{FAILED_RULE_CHOICE_LABELS[choice]}</span>
                  <span id={`${name}-${choice}-hint`} className="block text-sm text-slate-700">
                    {CHOICE_HINTS[choice]}
                  </span>
                </span>
              </label>
            ))}
          </div>
        </fieldset>
        <div aria-live="polite" className="mt-2 text-sm">
          {saving.saving ? <p className="text-slate-700">{FAILED_TEXT.saving}</p> : null}
          {save.isSuccess ? <p className="text-green-800">{FAILED_TEXT.saved}</p> : null}
          {save.isError ? <p className="field-error">{errorMessage(save.error, FAILED_TEXT.failed)}</p> : null}
        </div>
      </div>
    </li>
  );
}

/**
 * The review step's failing photos (issue 31 §3): each with its thumbnail, every rule it failed
 * (measured against needed, and the fix), and the way on: a retake (back to the photos), a
 * person's check, or accepting that it may be refused. The server refuses payment until then.
 */
export function FailedPhotos({ order, goTo }: { order: PhotoOrder; goTo(step: PhotoStep): void }) {
  const failing = failingPhotos(order);
  if (failing.length === 0) return null;
  return (
    <section
      id={SECTION_ID}
      aria-labelledby={`${SECTION_ID}-heading`}
      className="mb-6 rounded-2xl border border-amber-300 bg-amber-50 p-4 sm:p-6"
    >
      <h3 id={`${SECTION_ID}-heading`} className="flex items-center gap-2 text-lg font-bold text-amber-900">
        <Icon name="circle-alert" className="size-5" />
        {FAILED_TEXT.heading(failing.length)}
      </h3>
      <p className="mt-1 text-sm text-slate-800">{FAILED_TEXT.lead}</p>
      <ul className="mt-2">
        {failing.map(({ item, photo }) => (
          <FailingPhoto key={photo.id} orderRef={order.displayId} item={item} photo={photo} goTo={goTo} />
        ))}
      </ul>
    </section>
  );
}

/**
 * Beside Pay: the failing photos still without a choice, as thumbnails with their failed rules, and
 * a link to where the choice is made; and, once a person's check is asked for, that prints wait.
 */
export function FailedPhotosReminder({ order }: { order: PhotoOrder }) {
  const failing = failingPhotos(order);
  const open = failing.filter(({ photo }) => photo.failedRuleChoice === null);
  if (open.length === 0) {
    // Only for a photo the customer asked a person to check: a borderline one says so itself (second-look.tsx).
    const asked = failing.some(({ photo }) => photo.failedRuleChoice?.choice === 'person-check');
    return order.printsHeld && asked ? (
      <p className="mb-4 rounded-xl border border-slate-200 bg-white p-3 text-sm text-slate-800">
        {FAILED_TEXT.printsHeld}
      </p>
    ) : null;
  }
  return (
    <div role="note" className="mb-4 rounded-xl border border-amber-300 bg-amber-50 p-3 text-sm">
      <p className="font-semibold text-amber-900">{FAILED_TEXT.reminder(open.length)}</p>
      <ul className="mt-2 space-y-2">
        {open.map(({ photo }) => (
          <li key={photo.id} className="flex items-center gap-3">
            <Thumbnail photo={photo} className="size-12" />
            <span className="min-w-0 text-slate-800">
              {failedChecks(photo.report)
                .map((check) => PHOTO_RULE_LABELS[check.rule])
                .join(', ')}
            </span>
          </li>
        ))}
      </ul>
      <a href={`#${SECTION_ID}`} className="mt-2 inline-block font-medium text-brand-700 underline">
        {FAILED_TEXT.reminderLink}
      </a>
    </div>
  );
}
