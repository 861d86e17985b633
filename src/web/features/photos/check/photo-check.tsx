import { type FormEvent, type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { PHOTO_CHECK_MARKER_COOKIE, type PhotoCheck } from '../../../../domain/photos/checks.ts';
import { PHOTO_SIZE_IDS, PHOTO_SIZES, type PhotoSizeId, sizeTitle } from '../../../../domain/photos/sizes.ts';
import { acceptAttribute, PHOTO_UPLOAD } from '../../../../domain/uploads/file-types.ts';
import { refusalBeforeSending } from '../../../../domain/uploads/refuse-early.ts';
import { PhotoChecks } from '../../../components/photo-checks.tsx';
import { Icon } from '../../../components/ui/icon.tsx';
import { LoadingStatus } from '../../../components/ui/loading-status.tsx';
import { ApiError, errorMessage } from '../../../lib/api-client.ts';
import { checkPhoto, getPhotoCheck } from '../../../lib/photo-api.ts';
import { CHECK_TEXT } from './text.ts';

/** Faces only: a signature is fitted in the order, not judged against a face's rules. */
const CHECKED_SIZES = PHOTO_SIZE_IDS.filter((id) => PHOTO_SIZES[id].kind === 'photo');
const ACCEPT = acceptAttribute(PHOTO_UPLOAD.types);

type State =
  | { step: 'form'; error: string | null }
  | { step: 'uploading'; percent: number }
  | { step: 'checked'; check: PhotoCheck };

const keptUntil = (iso: string) =>
  new Date(iso).toLocaleString(undefined, { weekday: 'short', hour: 'numeric', minute: '2-digit' });

/** The route's "Order this photo", as the verdict's main action or beside another that leads. */
export type OrderCta = (emphasis: 'primary' | 'secondary') => ReactNode;

/**
 * Check first, account later (issue 31): a visitor checks a photo on /photos with no account and
 * sees the verdict (every rule, measured against needed, the fix) beside the fitted result. The
 * check is kept for this browser a day (an HttpOnly cookie the server reads), so coming back shows
 * it again; `orderCta` (composed by the route) takes it to the order, signing in on the way.
 */
export function PhotoCheckPanel({ orderCta }: { orderCta: OrderCta }) {
  const [state, setState] = useState<State>({ step: 'form', error: null });
  const [size, setSize] = useState<PhotoSizeId>(CHECKED_SIZES[0] ?? 'oci-photo');
  const [file, setFile] = useState<File | null>(null);
  const ids = { size: useId(), file: useId(), error: useId() };
  const heading = useRef<HTMLHeadingElement>(null);
  // Set when the customer's own action swaps the form and the verdict: the control they used goes
  // with it, and the focus would drop to the page. A check shown again on arrival leaves it alone.
  const focusHeading = useRef(false);
  useEffect(() => {
    if (!focusHeading.current) return;
    focusHeading.current = false;
    heading.current?.focus();
  });

  // A check this browser made earlier today is shown again (its marker cookie says there is one).
  useEffect(() => {
    if (!document.cookie.split('; ').some((c) => c.startsWith(`${PHOTO_CHECK_MARKER_COOKIE}=`))) return;
    let live = true;
    getPhotoCheck().then(
      ({ data }) => {
        if (live && data) setState((s) => (s.step === 'form' ? { step: 'checked', check: data } : s));
      },
      () => {},
    );
    return () => {
      live = false;
    };
  }, []);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    // The button only says it is busy: a second tap would upload and check the photo again.
    if (state.step === 'uploading') return;
    if (!file) return setState({ step: 'form', error: CHECK_TEXT.fileRequired });
    const refused = refusalBeforeSending(file, PHOTO_UPLOAD);
    if (refused) return setState({ step: 'form', error: refused });
    setState({ step: 'uploading', percent: 0 });
    try {
      const check = await checkPhoto(size, file, {
        onProgress: (fraction) => setState({ step: 'uploading', percent: Math.round(fraction * 100) }),
      });
      focusHeading.current = true;
      setState({ step: 'checked', check });
    } catch (error) {
      const message = error instanceof ApiError ? errorMessage(error, CHECK_TEXT.failed) : CHECK_TEXT.failed;
      setState({ step: 'form', error: message });
    }
  };

  return (
    <section aria-labelledby="photo-check-title" className="page-x py-10 lg:py-14">
      <div className="card mx-auto max-w-5xl">
        <h2
          ref={heading}
          id="photo-check-title"
          tabIndex={-1}
          className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl"
        >
          {state.step === 'checked' ? CHECK_TEXT.verdictTitle : CHECK_TEXT.title}
        </h2>
        {state.step === 'checked' ? (
          <Verdict
            check={state.check}
            orderCta={orderCta}
            onAnother={() => {
              focusHeading.current = true;
              setFile(null);
              setState({ step: 'form', error: null });
            }}
          />
        ) : (
          <form className="mt-4" noValidate onSubmit={submit}>
            <p className="max-w-3xl text-slate-700">{CHECK_TEXT.lead}</p>
            <div className="mt-6 grid gap-4 sm:grid-cols-2">
              <div>
                <label htmlFor={ids.size} className="field-label">
                  {CHECK_TEXT.sizeLabel}
                </label>
                <select
                  id={ids.size}
                  value={size}
                  onChange={(event) => setSize(event.target.value as PhotoSizeId)}
                  className="field-input mt-1"
                >
                  {CHECKED_SIZES.map((id) => (
                    <option key={id} value={id}>
                      {sizeTitle(PHOTO_SIZES[id])}
                    </option>
                  ))}
                </select>
                {/* A closed select shows one line, which cuts the longer sizes' names on a phone: the chosen one in full (a screen reader has it from the select). */}
                <p aria-hidden="true" className="field-hint">
                  {sizeTitle(PHOTO_SIZES[size])}
                </p>
              </div>
              <div>
                <label htmlFor={ids.file} className="field-label">
                  {CHECK_TEXT.fileLabel}
                </label>
                <input
                  id={ids.file}
                  type="file"
                  accept={ACCEPT}
                  onChange={(event) => {
                    const chosen = event.target.files?.[0] ?? null;
                    setFile(chosen);
                    // Said as soon as it is chosen: on a phone the visitor learns it before tapping Check.
                    const error = chosen && refusalBeforeSending(chosen, PHOTO_UPLOAD);
                    setState((s) => (s.step === 'uploading' ? s : { step: 'form', error }));
                  }}
                  aria-invalid={state.step === 'form' && state.error ? true : undefined}
                  aria-describedby={state.step === 'form' && state.error ? ids.error : undefined}
                  className="field-input mt-1 file:mr-3 file:rounded-md file:border-0 file:bg-brand-50 file:px-3 file:py-1 file:font-semibold file:text-brand-800"
                />
              </div>
            </div>
            {state.step === 'form' && state.error ? (
              <p id={ids.error} role="alert" className="field-error mt-3">
                <Icon name="circle-alert" className="mt-0.5 size-4" />
                {state.error}
              </p>
            ) : null}
            <div className="mt-6 flex flex-wrap items-center gap-4">
              <button type="submit" className="btn-primary" aria-disabled={state.step === 'uploading' || undefined}>
                <Icon name="camera" className="size-5" />
                {CHECK_TEXT.submit}
              </button>
              {state.step === 'uploading' ? (
                <LoadingStatus>
                  {state.percent < 100 ? CHECK_TEXT.uploading(state.percent) : CHECK_TEXT.checking}
                </LoadingStatus>
              ) : null}
            </div>
          </form>
        )}
      </div>
    </section>
  );
}

/**
 * The verdict and the way on. A photo that meets every rule leads to its order. One that failed a
 * rule leads to another photo; fitted, it may still be ordered (payment then asks for a person's
 * check or the customer's acceptance: failed-rules.ts), so ordering stays, second. One nothing
 * could be fitted from (no face found) is delivered as nothing and cannot be paid for: no order.
 */
function Verdict({ check, orderCta, onAnother }: { check: PhotoCheck; orderCta: OrderCta; onAnother(): void }) {
  // The links name "this browser's check": the version keeps a replaced check's image from the cache.
  const version = `?v=${encodeURIComponent(check.expiresAt)}`;
  const passed = check.report.passed;
  const fitted = check.report.fitted !== null;
  return (
    <div className="mt-4">
      <p className="text-slate-700">
        {sizeTitle(PHOTO_SIZES[check.photoSize])} · {check.name}
      </p>
      <div className="mt-5 grid gap-6 lg:grid-cols-[minmax(0,1fr)_minmax(0,1.1fr)]">
        <div className="grid grid-cols-2 gap-3">
          <figure>
            <img
              src={`${check.links.original}${version}`}
              alt={`${CHECK_TEXT.original}: ${check.name}`}
              className="aspect-square w-full rounded-lg bg-slate-100 object-contain"
            />
            <figcaption className="mt-1 text-sm text-slate-600">{CHECK_TEXT.original}</figcaption>
          </figure>
          <figure>
            {check.links.fitted ? (
              <img
                src={`${check.links.fitted}${version}`}
                alt={`${CHECK_TEXT.fitted}: ${check.name}`}
                className="aspect-square w-full rounded-lg bg-slate-100 object-contain"
              />
            ) : (
              <div className="grid aspect-square w-full place-items-center rounded-lg bg-slate-100 p-3 text-center text-sm text-slate-700">
                {CHECK_TEXT.notFitted}
              </div>
            )}
            <figcaption className="mt-1 text-sm text-slate-600">{CHECK_TEXT.fitted}</figcaption>
          </figure>
        </div>
        <div aria-live="polite">
          <PhotoChecks report={check.report} name={check.name} />
        </div>
      </div>
      <p className="mt-5 text-sm text-slate-600">{CHECK_TEXT.kept(keptUntil(check.expiresAt))}</p>
      <div className="mt-5 flex flex-wrap items-start gap-4">
        {passed ? orderCta('primary') : null}
        <button
          type="button"
          className={passed ? 'btn-outline' : 'btn-primary'}
          onClick={onAnother}
          aria-describedby="check-another-note"
        >
          <Icon name={passed ? 'refresh-cw' : 'camera'} className="size-4" />
          {CHECK_TEXT.another}
        </button>
        {!passed && fitted ? orderCta('secondary') : null}
      </div>
      <p id="check-another-note" className="mt-2 text-sm text-slate-600">
        {fitted ? CHECK_TEXT.anotherReplaces : CHECK_TEXT.cannotOrder}
      </p>
      {!passed && fitted ? <p className="mt-1 text-sm text-slate-600">{CHECK_TEXT.orderFailing}</p> : null}
    </div>
  );
}
