import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useLocation } from 'react-router';
import { APPLICATION_MESSAGES } from '../../../../domain/applications/application.ts';
import { Icon } from '../../../components/ui/icon.tsx';
import { LoadError } from '../../../components/ui/load-error.tsx';
import { TAP_TARGET } from '../../../components/ui/tap-target.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { applicationFormHref, serviceOrderHref } from '../../../lib/application-api.ts';
import { ENGINE_TEXT } from '../form-engine/form-engine.tsx';
import { memberStepCount, nextUnreviewed, orderMissionFor, useApplicationData } from './application-data.ts';
import { useDocumentOffers } from './document-offers.ts';
import { type FlushOutcome, MemberPanel } from './member-panel.tsx';
import { MemberSwitcher, memberProgress, SWITCHER_TEXT, type SwitcherEntry } from './member-switcher.tsx';
import { ReviewPage } from './review-page.tsx';

/** Where the application form opens: an order, and the member and step (or the review) the address names. */
export interface ApplicationFormPageProps {
  orderRef: string;
  memberId: number | null;
  step: number | null;
  review: boolean;
  /** Today's date on the server (YYYY-MM-DD), so the first render's date bounds match the browser's. */
  today: string;
}

export const PAGE_TEXT = {
  loading: 'Loading your application…',
  application: 'your application',
  notFoundLead: 'It may belong to another account, or the link may be mistyped.',
  toOrders: 'Go to your orders',
  orderDetails: 'Order details',
  eyebrow: (id: string) => `Application ${id}`,
  /** "Review all" tapped while this member's latest answers have not reached the server. */
  notSavedForReview:
    'Your latest answers are not saved yet, so the review cannot show them. Once you see “All changes saved”, open Review all again.',
} as const;

/** The Orders tab of the profile. */
const ORDERS_HREF = '/profile?tab=orders';

interface Place {
  memberId: number | null;
  step: number | null;
  review: boolean;
}

/** How a new place reaches the address: a new history entry, in place of the current one, or not at all. */
type Write = 'push' | 'replace' | 'none';

const positiveInt = (value: string | null) => (value && /^[1-9]\d{0,8}$/.test(value) ? Number(value) : null);

/** The place an address of this order's form names; null for another page or order. */
function placeOf(address: { pathname: string; search: string }, orderRef: string): Place | null {
  const query = new URLSearchParams(address.search);
  if (address.pathname !== '/package-form' || query.get('orderId') !== orderRef) return null;
  const review = query.get('review') === '1';
  return {
    memberId: review ? null : positiveInt(query.get('member')),
    step: review ? null : positiveInt(query.get('step')),
    review,
  };
}

const samePlace = (a: Place | null, b: Place) =>
  a !== null && a.memberId === b.memberId && a.step === b.step && a.review === b.review;

/**
 * Which member and step (or the review) is open. The address follows (?member=&step=, ?review=1)
 * so a reload returns to the same place: each move to another step, member or the review is a
 * new history entry (the phone's Back goes to the one before, as in SevaPhotos), written with
 * pushState rather than a navigation of the router, which would load the page's data again for
 * every step. Back and Forward between them come as popstate (the page follows them, see
 * ApplicationForm); a navigation of the router (a link from elsewhere) opens what its address names.
 */
function usePlace(orderRef: string, given: Place) {
  const location = useLocation();
  const [place, setPlace] = useState(given);
  const [seen, setSeen] = useState(location.key);
  if (seen !== location.key) {
    setSeen(location.key);
    setPlace(placeOf(location, orderRef) ?? given);
  }
  // The place shown (or about to be): moves compare with it before the next render.
  const current = useRef(place);
  current.current = place;
  const move = useCallback(
    (next: Place, write: Write) => {
      current.current = next;
      setPlace(next);
      // Where the address names the place already (Back, Forward), it is left as it is.
      if (write === 'none' || samePlace(placeOf(window.location, orderRef), next)) return;
      const href = applicationFormHref(orderRef, {
        ...(next.memberId !== null && !next.review ? { memberId: next.memberId } : {}),
        ...(next.step !== null && !next.review ? { step: next.step } : {}),
        review: next.review,
      });
      // The router's entry state is kept: to the router every entry of the form is the one it opened.
      if (write === 'push') window.history.pushState(window.history.state, '', href);
      else window.history.replaceState(window.history.state, '', href);
    },
    [orderRef],
  );
  return [place, move, current] as const;
}

function Skeleton() {
  return (
    <div aria-hidden="true" className="animate-pulse space-y-6">
      <div className="flex gap-2">
        <div className="h-14 w-48 rounded-2xl bg-slate-200" />
        <div className="h-14 w-48 rounded-2xl bg-slate-100" />
      </div>
      <div className="h-8 w-2/3 rounded bg-slate-200" />
      <div className="h-40 rounded-2xl bg-slate-100" />
      <div className="h-40 rounded-2xl bg-slate-100" />
    </div>
  );
}

function NotFound() {
  return (
    <div className="card mt-8 max-w-2xl">
      <h1 className="text-2xl font-bold text-slate-900">{APPLICATION_MESSAGES.orderNotFound}</h1>
      <p className="mt-2 text-slate-700">{PAGE_TEXT.notFoundLead}</p>
      <a href={ORDERS_HREF} className="btn-primary mt-5">
        {PAGE_TEXT.toOrders}
        <Icon name="arrow-right" className="size-5" />
      </a>
    </div>
  );
}

/**
 * /package-form?orderId=…: one guided form per member, autosaved, their documents, and the review
 * (issue 10). The route loads it with TanStack Query's provider after the first paint (lazyWithQueries).
 */
export function ApplicationForm({ orderRef, memberId, step, review, today }: ApplicationFormPageProps) {
  const { order, form, checklist } = useApplicationData(orderRef);
  const [place, move, shown] = usePlace(orderRef, { memberId, step, review });
  const flushRef = useRef<(() => Promise<FlushOutcome>) | null>(null);
  const [busy, setBusy] = useState(false);
  const [unsavedForReview, setUnsavedForReview] = useState(false);

  // A new place's heading takes focus, so keyboard and screen-reader users start there.
  const focusNext = useRef(false);
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the place changes.
  useEffect(() => {
    if (!focusNext.current) return;
    focusNext.current = false;
    document.getElementById(place.review ? 'review-heading' : 'member-heading')?.focus();
    window.scrollTo?.({ top: 0 });
  }, [place.memberId, place.review]);

  // A switch that ends after the customer went elsewhere (a link, the browser's Back) moves nothing:
  // the router's location for a page left, each Back or Forward within the form (`turn`) for the rest.
  const location = useLocation();
  const at = useRef<string | null>(location.key);
  useEffect(() => {
    at.current = location.key;
    return () => {
      at.current = null;
    };
  }, [location.key]);
  const turn = useRef(0);

  /**
   * To another member or the review: saves first; a save that fails keeps its answers in the local
   * draft. From the page (`push`), a new history entry once there; from the address (Back or
   * Forward, `address`), which names it already, the address is put back where the page stays.
   */
  const go = useCallback(
    async (next: Place, from: 'page' | 'address' = 'page') => {
      const started = { key: at.current, turn: turn.current };
      const stay = () => {
        if (from === 'address') move(shown.current, 'replace');
      };
      setBusy(true);
      setUnsavedForReview(false);
      let outcome: FlushOutcome = 'saved';
      try {
        outcome = (await flushRef.current?.()) ?? 'saved';
      } finally {
        setBusy(false);
      }
      if (at.current !== started.key || turn.current !== started.turn) return;
      // A file that did not arrive: its field says so, and the customer stays to send it again.
      if (outcome === 'upload-failed') return stay();
      // The review shows what the server has: not while this member's latest answers are only here.
      if (outcome === 'unsaved' && next.review) {
        setUnsavedForReview(true);
        return stay();
      }
      flushRef.current = null;
      focusNext.current = true;
      move(next, from === 'page' ? 'push' : 'none');
    },
    [move, shown],
  );

  // The browser's Back and Forward within the form: another step of the member is the member
  // panel's to open (its engine follows the address's step, unmounting nothing); another member
  // or the review is switched to as the switcher does, saving first.
  useEffect(() => {
    const onPopState = () => {
      turn.current += 1;
      const asked = placeOf(window.location, orderRef);
      // Another page: the router leaves the form (its autosave sends what is unsaved as it unmounts).
      if (!asked) return;
      const now = shown.current;
      if (!asked.review && !now.review && asked.memberId === now.memberId) move(asked, 'none');
      else void go(asked, 'address');
    };
    window.addEventListener('popstate', onPopState);
    return () => window.removeEventListener('popstate', onPopState);
  }, [orderRef, move, go, shown]);

  const failure = order.error ?? form.error ?? checklist.error;
  if (failure instanceof ApiError && (failure.status === 404 || failure.status === 400)) {
    return (
      <div className="page-x py-8 desk:py-12">
        <NotFound />
      </div>
    );
  }

  return (
    <div className="page-x py-8 desk:py-12">
      {failure ? (
        <LoadError
          what={PAGE_TEXT.application}
          onRetry={() => {
            for (const query of [order, form, checklist]) if (query.isError) void query.refetch();
          }}
        />
      ) : !order.data || form.data === undefined || !checklist.data ? (
        <>
          <p role="status" className="sr-only">
            {PAGE_TEXT.loading}
          </p>
          <Skeleton />
        </>
      ) : (
        <Loaded
          orderRef={orderRef}
          order={order.data}
          definition={form.data}
          checklist={checklist.data}
          place={place}
          busy={busy}
          today={today}
          go={go}
          move={move}
          flushRef={flushRef}
          unsavedForReview={unsavedForReview}
        />
      )}
    </div>
  );
}

type Data = ReturnType<typeof useApplicationData>;

function Loaded({
  orderRef,
  order,
  definition,
  checklist,
  place,
  busy,
  today,
  go,
  move,
  flushRef,
  unsavedForReview,
}: {
  orderRef: string;
  order: NonNullable<Data['order']['data']>;
  definition: NonNullable<Data['form']['data']> | null;
  checklist: NonNullable<Data['checklist']['data']>;
  place: Place;
  busy: boolean;
  today: string;
  go(next: Place): Promise<void>;
  move(next: Place, write: Write): void;
  flushRef: React.RefObject<(() => Promise<FlushOutcome>) | null>;
  unsavedForReview: boolean;
}) {
  const active = order.members.find((m) => m.id === place.memberId) ?? order.members[0];
  const activeChecklist = checklist.members.find((c) => c.memberId === active?.id);
  const offers = useDocumentOffers(orderRef, active?.id, order.members, checklist.members, definition !== null);
  // Kept while the order's list is the same: the form's upload fields read it through the engine.
  const redo = order.toDo.photosToRedo;
  const sameFiles = useMemo(() => redo.filter((p) => p.memberId === active?.id && p.sameFile), [redo, active?.id]);
  const entries: SwitcherEntry[] = order.members.map((member) => {
    const memberChecklist = checklist.members.find((c) => c.memberId === member.id);
    const total = memberStepCount(definition, member.kind);
    return {
      key: String(member.id),
      title: member.fullName,
      detail: `${member.kind} · ${memberProgress(member, memberChecklist)}`,
      done: total === 0 ? Boolean(memberChecklist?.complete) : member.progress.reviewed,
      current: !place.review && member.id === active?.id,
      href: applicationFormHref(orderRef, { memberId: member.id }),
      onOpen: () => void go({ memberId: member.id, step: null, review: false }),
    };
  });
  entries.push({
    key: 'review',
    title: SWITCHER_TEXT.review,
    detail: SWITCHER_TEXT.reviewProgress,
    done: false,
    current: place.review,
    icon: 'eye',
    href: applicationFormHref(orderRef, { review: true }),
    onOpen: () => void go({ memberId: null, step: null, review: true }),
  });

  return (
    <>
      <header className="flex flex-wrap items-end justify-between gap-3">
        <div className="min-w-0">
          <p className="eyebrow">{PAGE_TEXT.eyebrow(order.displayId)}</p>
          <h1 className="mt-1 text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">{order.title}</h1>
        </div>
        <a
          href={serviceOrderHref(order.displayId)}
          className={`${TAP_TARGET} text-sm font-semibold text-brand-700 hover:underline`}
        >
          {PAGE_TEXT.orderDetails}
        </a>
      </header>
      <div className="mt-6" aria-busy={busy || undefined}>
        <MemberSwitcher entries={entries} />
      </div>
      {unsavedForReview && !place.review ? (
        <p role="alert" className="mt-4 rounded-2xl border border-amber-200 bg-amber-50 p-4 text-amber-950">
          {PAGE_TEXT.notSavedForReview}
        </p>
      ) : null}
      <div className="mt-8">
        {place.review || !active ? (
          <ReviewPage
            orderRef={orderRef}
            order={order}
            definition={definition}
            checklist={checklist}
            href={({ memberId, step }) => applicationFormHref(orderRef, { memberId, ...(step ? { step } : {}) })}
            open={({ memberId, step }) => void go({ memberId, step: step ?? null, review: false })}
          />
        ) : (
          <>
            <h2 id="member-heading" tabIndex={-1} className="sr-only">
              {active.fullName}
            </h2>
            <MemberPanel
              key={active.id}
              orderRef={orderRef}
              orderId={order.displayId}
              member={active}
              definition={definition}
              checklist={activeChecklist}
              documentOffers={offers}
              sameFiles={sameFiles}
              orderMission={orderMissionFor(order, active)}
              filing={order.filing}
              serviceSlug={order.service.slug}
              canChangeDocuments={checklist.canChangeDocuments}
              step={place.memberId === null || place.memberId === active.id ? place.step : null}
              today={today}
              onStep={(step, replace) =>
                move({ memberId: active.id, step, review: false }, replace ? 'replace' : 'push')
              }
              flushRef={flushRef}
              // The button says where it leads: another member's form, or the review of all.
              finishLabel={nextUnreviewed(order.members, active.id) ? ENGINE_TEXT.nextMember : ENGINE_TEXT.review}
              onReviewed={() => {
                const next = nextUnreviewed(order.members, active.id);
                void go(
                  next
                    ? { memberId: next.id, step: null, review: false }
                    : { memberId: null, step: null, review: true },
                );
              }}
            />
          </>
        )}
      </div>
    </>
  );
}
