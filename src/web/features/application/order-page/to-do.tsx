import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { type ApplicationOrder, canChangeDocuments } from '../../../../domain/applications/application.ts';
import { COMPLETION_TEXT } from '../../../../domain/applications/completion.ts';
import { documentSlot, documentSlotHref, type MissingDocuments } from '../../../../domain/applications/documents.ts';
import { walkedSteps } from '../../../../domain/applications/members.ts';
import { PHOTOS_TO_REDO_TEXT } from '../../../../domain/applications/photos-to-redo.ts';
import { sendingToDo } from '../../../../domain/applications/posting-address.ts';
import { Icon } from '../../../components/ui/icon.tsx';
import type { IconName } from '../../../components/ui/icon-names.ts';
import { Panel } from '../../../components/ui/panel.tsx';
import { applicationFormHref, checkoutHref } from '../../../lib/application-api.ts';

const possessive = (name: string) => `${name}’s`;

function ToDoItem({
  icon,
  link,
  children,
}: {
  icon: IconName;
  link?: { to: string; label: string };
  children: ReactNode;
}) {
  return (
    <li className="flex items-start gap-2">
      <Icon name={icon} className="mt-0.5 size-5 text-brand-700" />
      <div className="flex min-w-0 flex-1 flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
        <div className="min-w-0 text-slate-800">{children}</div>
        {link ? (
          <Link to={link.to} className="text-sm font-semibold text-brand-700 underline-offset-2 hover:underline">
            {link.label}
          </Link>
        ) : null}
      </div>
    </li>
  );
}

/**
 * Where a member's missing documents are uploaded: a document our team asked for again at its slot
 * on this page (the answers stay as they are), anything else at the Documents step of the member's
 * form, which follows their answer steps (a package without a form opens on the documents anyway).
 */
function uploadHref(order: ApplicationOrder, missing: MissingDocuments): string {
  const [first] = missing.items;
  if (first?.requested) return documentSlotHref(order.displayId, documentSlot.item(missing.memberId, first.id));
  const answerSteps = order.members.find((member) => member.id === missing.memberId)?.progress.totalSteps;
  return applicationFormHref(order.displayId, {
    memberId: missing.memberId,
    step: answerSteps == null ? undefined : walkedSteps(answerSteps),
  });
}

/** Whether our team moved the order back to the customer (a document asked for, or the application sent back). */
export function backWithCustomerByTeam(order: ApplicationOrder): boolean {
  const last = order.timeline.at(-1);
  return order.status === 'Forms incomplete' && last?.status === 'Forms incomplete' && last.by === 'staff';
}

/**
 * Our team's words when they sent a complete application back to the customer (Forms incomplete
 * with nothing of the to-do list missing): the remark of the staff change that moved it there ('' if
 * they gave none), or null when that is not why it waits.
 */
export function sentBackRemark(order: ApplicationOrder): string | null {
  const { incompleteForms, missingDocuments } = order.toDo;
  if (!backWithCustomerByTeam(order) || incompleteForms.length > 0 || missingDocuments.length > 0) return null;
  return order.timeline.at(-1)?.remark ?? '';
}

/**
 * What the customer must still do, first on the page: each member's form not reviewed yet, each
 * member's required documents not uploaded, and the payment while it waits. Each item links to
 * the member's form, where the answers and the uploads are.
 */
export function ToDo({ order, paymentPending }: { order: ApplicationOrder; paymentPending: boolean }) {
  const ref = order.displayId;
  const { incompleteForms, missingDocuments } = order.toDo;
  // While documents may change, each is the customer's to replace; once the order is with our team, ours to check.
  const open = canChangeDocuments(order.status);
  const photosToRedo = open ? order.toDo.photosToRedo : [];
  const nothing = incompleteForms.length === 0 && missingDocuments.length === 0 && photosToRedo.length === 0;
  // Our team's check is done (Submitted): the customer sends the file now, or waits for where to.
  const sending = sendingToDo(order);
  const sentBack = sentBackRemark(order);

  return (
    <Panel id="order-to-do" title="What you still need to do" className="border-brand-200 bg-brand-50/40">
      {sentBack !== null ? (
        <div className="mt-3 flex items-start gap-2 text-slate-800">
          <Icon name="pencil" className="mt-0.5 size-5 text-brand-700" />
          <div className="min-w-0 space-y-1">
            <p>{sentBack ? COMPLETION_TEXT.sentBack : COMPLETION_TEXT.sentBackUnsaid}</p>
            {sentBack ? <blockquote className="border-l-4 border-brand-200 pl-3 italic">{sentBack}</blockquote> : null}
            <p className="text-sm text-slate-600">{COMPLETION_TEXT.sentBackHow}</p>
          </div>
        </div>
      ) : nothing && !paymentPending && sending ? (
        <p className="mt-3 flex items-start gap-2 text-slate-800">
          <Icon name="send" className="mt-0.5 size-5 text-brand-700" />
          {sending}
        </p>
      ) : nothing && !paymentPending ? (
        <>
          <p className="mt-3 flex items-start gap-2 text-slate-700">
            <Icon name="circle-check" className="mt-0.5 size-5 text-green-700" />
            {order.status === 'Order pending'
              ? COMPLETION_TEXT.allInPaid
              : 'Nothing right now. We will let you know here and by e-mail when anything changes.'}
          </p>
          {open ? null : <TeamChecksPhotos photos={order.toDo.photosToRedo} />}
        </>
      ) : (
        <ul className="mt-4 space-y-3">
          {incompleteForms.map((form) => (
            <ToDoItem
              key={`form-${form.memberId}`}
              icon="pencil"
              link={{
                to: applicationFormHref(ref, { memberId: form.memberId }),
                label: `Continue ${possessive(form.fullName)} form`,
              }}
            >
              {possessive(form.fullName)} form is not complete and reviewed yet
            </ToDoItem>
          ))}
          {missingDocuments.map((missing) => (
            <ToDoItem
              key={`documents-${missing.memberId}`}
              icon="file-text"
              link={{ to: uploadHref(order, missing), label: `Upload ${possessive(missing.fullName)} documents` }}
            >
              {possessive(missing.fullName)} documents still missing
              <span className="mt-0.5 block text-sm text-slate-600">
                {missing.items.map((item) => item.label).join(' · ')}
              </span>
            </ToDoItem>
          ))}
          {photosToRedo.map((photo) => (
            <ToDoItem
              key={`photo-${photo.memberId}-${photo.itemId}`}
              icon="camera"
              link={{
                // The step that asks for it: where the member stands, Documents, does not (a walk's parent
                // landed there and read that the photo was "not asked again here").
                to: applicationFormHref(ref, { memberId: photo.memberId, step: photo.step ?? undefined }),
                label: PHOTOS_TO_REDO_TEXT.replace(photo.label),
              }}
            >
              {PHOTOS_TO_REDO_TEXT.item(photo)}
            </ToDoItem>
          ))}
          {/* Why, once under them all: a walk's family read it four times over, under each. */}
          {photosToRedo.length > 0 ? <li className="pl-7 text-sm text-slate-600">{PHOTOS_TO_REDO_TEXT.why}</li> : null}
          {paymentPending ? (
            <ToDoItem icon="lock-keyhole" link={{ to: checkoutHref(ref), label: 'Pay now' }}>
              Pay for your application at checkout. You can pay first and finish the forms afterwards.
            </ToDoItem>
          ) : null}
        </ul>
      )}
    </Panel>
  );
}

/** The files that fail a rule, named once the order is with our team: they check them, and ask if needed. */
function TeamChecksPhotos({ photos }: { photos: ApplicationOrder['toDo']['photosToRedo'] }) {
  if (photos.length === 0) return null;
  return (
    <div className="mt-3 flex items-start gap-2 text-slate-700">
      <Icon name="camera" className="mt-0.5 size-5 text-amber-700" />
      <div className="min-w-0">
        <p>{PHOTOS_TO_REDO_TEXT.teamChecks}</p>
        <ul className="mt-1 list-disc space-y-0.5 pl-5 text-sm">
          {photos.map((photo) => (
            <li key={`${photo.memberId}-${photo.itemId}`}>{PHOTOS_TO_REDO_TEXT.item(photo)}</li>
          ))}
        </ul>
      </div>
    </div>
  );
}
