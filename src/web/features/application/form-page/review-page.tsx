import { useQueries } from '@tanstack/react-query';
import { type ApplicationOrder, canChangeDocuments } from '../../../../domain/applications/application.ts';
import { COMPLETION_TEXT, memberNamer, neededItem } from '../../../../domain/applications/completion.ts';
import type { OrderChecklist } from '../../../../domain/applications/documents.ts';
import { itemStep } from '../../../../domain/applications/item-step.ts';
import { PHOTOS_TO_REDO_TEXT } from '../../../../domain/applications/photos-to-redo.ts';
import type { FormDefinition } from '../../../../domain/forms/definition.ts';
import { HeadedList } from '../../../components/ui/headed-list.tsx';
import { Icon } from '../../../components/ui/icon.tsx';
import { LoadError } from '../../../components/ui/load-error.tsx';
import { TAP_TARGET } from '../../../components/ui/tap-target.ts';
import { applicationKeys, checkoutHref, getMemberForm, serviceOrderHref } from '../../../lib/application-api.ts';
import { liftChatButtonAbove } from '../../../lib/chat-button-lift.ts';
import { StoredFile } from '../documents/document-item.tsx';
import { AnswersSummary } from './answers-summary.tsx';
import { memberStepCount, missingWork } from './application-data.ts';
import { inPageLink } from './in-page-link.ts';

export const REVIEW_TEXT = {
  title: 'Review your application',
  lead: 'Check every answer and document once more. Use Edit to change anything; your changes are saved as you type.',
  missingTitle: 'Still to do',
  notReviewed: (name: string) => `${name}: answers not complete yet`,
  allDone: 'Everything is in. You can continue to checkout.',
  /** …when our team prepares documents once it is paid, for the customer to sign and upload: listed under it. */
  allDoneBeforePaying: 'Everything you can send before paying is in. You can continue to checkout.',
  /** …on an order paid for, its answers changed since ("Change answers"). */
  allDonePaid: 'Everything is in, and your changes are saved. You can go back to your order.',
  documents: 'Documents',
  notUploaded: 'Not uploaded',
  optional: 'optional',
  /** A document our team prepares: not due before payment, and not optional either. */
  preparedAfterPayment: 'in your print pack once you have paid',
  continue: 'Continue to checkout',
  checkoutNote: 'At checkout you choose add-ons, apply a coupon and pay. Nothing is charged before you pay.',
  payFirstNote:
    'You can pay now and finish what is listed above afterwards: your order then waits in Forms incomplete until everything is in.',
  toOrder: 'Go to your order',
  answers: 'the answers',
} as const;

type Open = (at: { memberId: number; step?: number }) => void;

/** Photos in that fail a rule, each linking to the step that asks for it: worth replacing, holding nothing back. */
function PhotosToRedo({
  order,
  definition,
  link,
}: {
  order: ApplicationOrder;
  definition: FormDefinition | null;
  link(at: { memberId: number; step?: number }, children: React.ReactNode): React.ReactNode;
}) {
  // Once the order is with our team, the order page says they check these: nothing to replace here.
  const photos = canChangeDocuments(order.status) ? order.toDo.photosToRedo : [];
  if (photos.length === 0) return null;
  return (
    <section aria-labelledby="redo-heading" className="mt-4 rounded-2xl border border-amber-200 bg-amber-50 p-5">
      <h3 id="redo-heading" className="font-bold text-amber-950">
        {PHOTOS_TO_REDO_TEXT.heading}
      </h3>
      <ul className="mt-2 list-disc space-y-1 pl-5 text-amber-950">
        {photos.map((photo) => {
          const kind = order.members.find((m) => m.id === photo.memberId)?.kind ?? 'Adult';
          const step = itemStep(definition, kind, photo.itemId);
          return (
            <li key={`${photo.memberId}-${photo.itemId}`}>
              {link({ memberId: photo.memberId, ...(step ? { step } : {}) }, PHOTOS_TO_REDO_TEXT.item(photo))}
            </li>
          );
        })}
      </ul>
      <p className="mt-2 text-sm text-amber-950">{PHOTOS_TO_REDO_TEXT.why}</p>
    </section>
  );
}

/**
 * The order's review (issue 10 point 6): what is missing first, with links to it; then every
 * member's answers by step with Edit links and their documents; Continue to checkout in a bar kept
 * at the bottom of the screen (open with something missing too: the spec lets customers pay first
 * and finish the forms afterwards).
 */
export function ReviewPage({
  orderRef,
  order,
  definition,
  checklist,
  href,
  open,
}: {
  orderRef: string;
  order: ApplicationOrder;
  definition: FormDefinition | null;
  checklist: OrderChecklist;
  href(at: { memberId: number; step?: number }): string;
  open: Open;
}) {
  const forms = useQueries({
    queries: definition
      ? order.members.map((member) => ({
          queryKey: applicationKeys.memberForm(orderRef, member.id),
          queryFn: async () => (await getMemberForm(orderRef, member.id)).data,
          refetchOnMount: 'always' as const,
        }))
      : [],
  });
  const missing = missingWork(order, definition, checklist);
  // Named as the checkout's "still needed" list names them: "Aarav’s birth certificate", once.
  const nameOf = memberNamer(order.members);
  const nothingMissing = missing.unreviewed.length === 0 && missing.documents.length === 0;
  // Paid for already (its answers changed since): the way on is back to the order, not checkout.
  const toPay = order.status === 'Payment pending';
  // Due from payment on (a child's Parental Authorization Form): "Everything is in" would promise
  // an order that goes straight to our team, which the payment does not bring.
  const prepared = order.preparedAfterPayment;
  /** `standalone`: a link on its own (Edit), not in a sentence, so at least a thumb's target tall. */
  const link = (at: { memberId: number; step?: number }, children: React.ReactNode, standalone = false) => (
    <a
      href={href(at)}
      onClick={inPageLink(() => open(at))}
      className={`${standalone ? `${TAP_TARGET} ` : ''}font-semibold text-brand-700 underline underline-offset-4`}
    >
      {children}
    </a>
  );

  return (
    <section aria-labelledby="review-heading" className="max-w-4xl">
      <h2
        id="review-heading"
        tabIndex={-1}
        className="text-2xl font-bold tracking-tight text-slate-900 outline-none sm:text-3xl"
      >
        {REVIEW_TEXT.title}
      </h2>
      <p className="mt-2 text-slate-600">{REVIEW_TEXT.lead}</p>

      {nothingMissing ? (
        <div className="mt-6 rounded-2xl border border-green-200 bg-green-50 p-4 text-green-900">
          <p className="flex items-center gap-2">
            <Icon name="circle-check" className="size-5 shrink-0" />
            {toPay
              ? prepared.length > 0
                ? REVIEW_TEXT.allDoneBeforePaying
                : REVIEW_TEXT.allDone
              : REVIEW_TEXT.allDonePaid}
          </p>
          {toPay && prepared.length > 0 ? (
            <div className="mt-2 space-y-1 text-sm">
              <HeadedList id="review-prepared" heading={COMPLETION_TEXT.preparedAfterPayment} items={prepared} />
            </div>
          ) : null}
        </div>
      ) : (
        <section aria-labelledby="missing-heading" className="mt-6 rounded-2xl border border-amber-200 bg-amber-50 p-5">
          <h3 id="missing-heading" className="font-bold text-amber-950">
            {REVIEW_TEXT.missingTitle}
          </h3>
          <ul className="mt-2 list-disc space-y-1 pl-5 text-amber-950">
            {missing.unreviewed.map((member) => (
              <li key={`form-${member.id}`}>
                {link({ memberId: member.id }, REVIEW_TEXT.notReviewed(member.fullName))}
              </li>
            ))}
            {missing.documents.flatMap(({ member, items }) =>
              items.map((item) => (
                <li key={`doc-${member.id}-${item.id}`}>
                  {link(
                    { memberId: member.id, step: itemStep(definition, member.kind, item.id) },
                    neededItem(member, item, nameOf),
                  )}
                </li>
              )),
            )}
          </ul>
        </section>
      )}
      <PhotosToRedo order={order} definition={definition} link={link} />

      <div className="mt-10 space-y-10">
        {order.members.map((member, i) => {
          const memberChecklist = checklist.members.find((c) => c.memberId === member.id);
          const form = forms[i];
          const documentsStep = memberStepCount(definition, member.kind) || undefined;
          return (
            <section
              key={member.id}
              aria-labelledby={`review-member-${member.id}`}
              className="rounded-3xl border border-slate-200 bg-white p-5 sm:p-8"
            >
              <h3 id={`review-member-${member.id}`} className="text-xl font-bold text-slate-900">
                {member.fullName}
                <span className="sr-only">, </span>
                <span className="ml-2 align-middle text-sm font-semibold text-slate-500">{member.kind}</span>
              </h3>
              {definition ? (
                <div className="mt-5">
                  {form?.isError ? (
                    <LoadError what={REVIEW_TEXT.answers} onRetry={() => void form.refetch()} />
                  ) : form?.data ? (
                    <AnswersSummary
                      definition={definition}
                      memberKind={member.kind}
                      answers={form.data.answers}
                      memberName={member.fullName}
                      headingLevel={4}
                      edit={
                        form.data.canEdit
                          ? {
                              href: (step) => href({ memberId: member.id, step }),
                              onOpen: (step) => open({ memberId: member.id, step }),
                            }
                          : undefined
                      }
                    />
                  ) : (
                    <p role="status" className="text-slate-600">
                      Loading {member.fullName}’s answers…
                    </p>
                  )}
                </div>
              ) : null}
              <div className="mt-8">
                <div className="flex items-baseline justify-between gap-3 border-b border-slate-200 pb-2">
                  <h4 className="font-bold text-slate-900">{REVIEW_TEXT.documents}</h4>
                  {order.actions.canChangeDocuments
                    ? link(
                        { memberId: member.id, step: documentsStep },
                        <>
                          Edit<span className="sr-only"> documents, {member.fullName}</span>
                        </>,
                        true,
                      )
                    : null}
                </div>
                <ul className="mt-3 space-y-3">
                  {(memberChecklist?.items ?? []).map((item) => (
                    <li key={item.id}>
                      <p className="text-sm text-slate-600">
                        {item.label}
                        {item.required
                          ? ''
                          : ` (${item.preparedByUs ? REVIEW_TEXT.preparedAfterPayment : REVIEW_TEXT.optional})`}
                      </p>
                      {item.documents[0] ? (
                        <div className="mt-1">
                          <StoredFile document={item.documents[0]} />
                        </div>
                      ) : (
                        <p className={item.required ? 'font-medium text-red-800' : 'text-slate-500'}>
                          {REVIEW_TEXT.notUploaded}
                        </p>
                      )}
                    </li>
                  ))}
                </ul>
              </div>
            </section>
          );
        })}
      </div>

      {toPay ? (
        <p className="mt-10 max-w-2xl text-sm text-slate-600">
          {REVIEW_TEXT.checkoutNote} {nothingMissing ? '' : REVIEW_TEXT.payFirstNote}
        </p>
      ) : null}
      {/*
       * The way on stays in view (a family's review runs to 17,000 px at 1440 and 24,000 at 390):
       * a bar at the bottom of the screen, as the form's own Back and Continue. The chat button
       * floats above it, by its height however its row wraps (chat-button-lift.ts).
       */}
      <div
        ref={liftChatButtonAbove}
        data-sticky-actions
        className="sticky bottom-0 z-10 -mx-4 mt-4 border-t border-slate-200 bg-white/95 px-4 py-3 backdrop-blur sm:-mx-6 sm:px-6"
      >
        {toPay ? (
          <a href={checkoutHref(orderRef)} className="btn-primary">
            {REVIEW_TEXT.continue}
            <Icon name="arrow-right" className="size-5" />
          </a>
        ) : (
          <a href={serviceOrderHref(orderRef)} className="btn-primary">
            {REVIEW_TEXT.toOrder}
            <Icon name="arrow-right" className="size-5" />
          </a>
        )}
      </div>
    </section>
  );
}
