import { useQueryClient } from '@tanstack/react-query';
import { type Ref, useRef } from 'react';
import { Link } from 'react-router';
import type { ApplicationOrder } from '../../../../domain/applications/application.ts';
import type { MemberChecklist, OrderChecklist } from '../../../../domain/applications/documents.ts';
import {
  MAX_MEMBERS,
  MEMBER_FORM_DONE,
  MEMBER_MESSAGES,
  type Member,
  stepOfSteps,
  walkedSteps,
} from '../../../../domain/applications/members.ts';
import { canUsePrintPack, copyAssistHref, printPackHref } from '../../../../domain/applications/print-pack.ts';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { Icon } from '../../../components/ui/icon.tsx';
import { Panel } from '../../../components/ui/panel.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import {
  addMember,
  applicationFormHref,
  applicationKeys,
  removeMember,
  updateMember,
} from '../../../lib/application-api.ts';
import { useInlineEditor } from '../../../lib/inline-editor.ts';
import { birthDate } from '../../../lib/order-format.ts';
import { showToast } from '../../../lib/toast.ts';
import { AddMemberButton } from '../members/add-member-button.tsx';
import { EMPTY_MEMBER } from '../members/member-fields.tsx';
import { MemberForm } from '../members/member-form.tsx';
import { ChecklistView } from './checklist-view.tsx';

/** Where a member's form stands: reviewed, or the step they are on, counted as the form counts them. */
export function formProgress({ currentStep, totalSteps, reviewed }: Member['progress']): string {
  if (reviewed) return MEMBER_FORM_DONE;
  if (totalSteps === null) return 'No form to fill in';
  return stepOfSteps(currentStep, totalSteps);
}

function ProgressLine({ progress }: { progress: Member['progress'] }) {
  const { currentStep, totalSteps, reviewed } = progress;
  const walked = totalSteps === null ? 0 : walkedSteps(totalSteps);
  const fraction = reviewed ? 1 : walked ? Math.min(1, (currentStep - 1) / walked) : 0;
  return (
    <div className="mt-3">
      <p className="flex items-center gap-1.5 text-sm font-medium text-slate-800">
        {reviewed ? <Icon name="circle-check" className="size-4 text-green-700" /> : null}
        Form: {formProgress(progress)}
      </p>
      {totalSteps ? (
        <div aria-hidden="true" className="mt-1.5 h-1.5 w-full max-w-xs overflow-hidden rounded-full bg-slate-200">
          <div
            className={`h-full rounded-full ${reviewed ? 'bg-green-600' : 'bg-brand-600'}`}
            style={{ width: `${Math.round(fraction * 100)}%` }}
          />
        </div>
      ) : null}
    </div>
  );
}

const LINK = 'inline-flex items-center gap-1.5 text-sm font-semibold text-brand-700 underline-offset-2 hover:underline';

/** After payment: what the member's submission needs from us, the print pack and the portal's answers. */
function SubmissionLinks({ orderRef, member }: { orderRef: string; member: Member }) {
  return (
    <div className="mt-3 flex flex-wrap gap-x-5 gap-y-2">
      <a href={printPackHref(orderRef, member.id)} download className={LINK}>
        <Icon name="download" className="size-4" />
        Print pack (PDF)
        <span className="sr-only">, {member.fullName}</span>
      </a>
      <Link to={copyAssistHref(orderRef, member.id)} className={LINK}>
        <Icon name="copy" className="size-4" />
        Copy-assist for the government portal
        <span className="sr-only">, {member.fullName}</span>
      </Link>
    </div>
  );
}

/** One member: who they are, their form's progress, their checklist, and Edit and Remove when allowed. */
function MemberCard({
  member,
  order,
  checklist,
  onEdit,
  editRef,
  onRemoved,
  focusAfterRemove,
}: {
  member: Member;
  order: ApplicationOrder;
  checklist: MemberChecklist | null;
  onEdit(): void;
  editRef: Ref<HTMLButtonElement>;
  onRemoved(): Promise<void>;
  /** Where the focus goes once the member is removed (their Remove button went with them). */
  focusAfterRemove(): HTMLElement | null;
}) {
  const ref = order.displayId;
  const { actions, members } = order;
  return (
    <li className="rounded-2xl border border-slate-200 bg-white p-4 sm:p-5">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <h3 className="flex flex-wrap items-center gap-2 text-base font-bold text-slate-900">
            <span className="break-words">{member.fullName}</span>
            <span
              className={`rounded-full px-2.5 py-0.5 text-xs font-semibold ${member.kind === 'Minor' ? 'bg-amber-100 text-amber-900' : 'bg-brand-100 text-brand-800'}`}
            >
              {member.kind}
            </span>
          </h3>
          <p className="mt-1 text-sm text-slate-600">
            {member.relationship === 'Self' ? 'You' : member.relationship} · Born {birthDate(member.dateOfBirth)}
          </p>
        </div>
        <div className="flex flex-wrap gap-1">
          {actions.canEditMembers ? (
            <button
              ref={editRef}
              type="button"
              onClick={onEdit}
              aria-label={`Edit ${member.fullName}`}
              className="address-action"
            >
              <Icon name="pencil" className="size-4" />
              Edit
            </button>
          ) : null}
          {actions.canChangeMemberList && members.length > 1 ? (
            <ConfirmDialog
              trigger={
                <button
                  type="button"
                  aria-label={`Remove ${member.fullName}`}
                  className="address-action text-red-700 hover:bg-red-50"
                >
                  <Icon name="trash-2" className="size-4" />
                  Remove
                </button>
              }
              title={`Remove ${member.fullName}?`}
              description={<p>{MEMBER_MESSAGES.removeWarning(member.fullName)}</p>}
              confirmLabel="Remove member"
              keepLabel="Keep member"
              focusAfterConfirm={focusAfterRemove}
              onConfirm={async () => {
                try {
                  await removeMember(ref, member.id);
                } catch (error) {
                  throw new Error(errorMessage(error, 'We could not remove this member. Please try again.'));
                }
                await onRemoved();
              }}
            />
          ) : null}
        </div>
      </div>
      <ProgressLine progress={member.progress} />
      {actions.canChangeAnswers ? (
        <Link
          to={applicationFormHref(ref, { memberId: member.id })}
          className="mt-3 inline-flex items-center gap-1.5 text-sm font-semibold text-brand-700 underline-offset-2 hover:underline"
        >
          Open {member.fullName}’s form
          <Icon name="arrow-right" className="size-4" />
        </Link>
      ) : null}
      {canUsePrintPack(order.status) ? <SubmissionLinks orderRef={ref} member={member} /> : null}
      {checklist ? (
        <ChecklistView
          orderRef={order.displayId}
          checklist={checklist}
          canChangeDocuments={order.actions.canChangeDocuments}
          filesDeleted={order.files.deletedAt !== null}
          worthReplacing={order.toDo.photosToRedo.filter((p) => p.memberId === member.id).map((p) => p.itemId)}
        />
      ) : null}
    </li>
  );
}

type Editing = { kind: 'add' } | { kind: 'edit'; memberId: number };

/**
 * The members with their form progress and read-only checklists; while the order's status allows
 * it, add (up to the limit), correct and remove members with the start page's member fields. The
 * order is read again after each change, so the total follows.
 */
export function MembersSection({
  order,
  today,
  checklist,
}: {
  order: ApplicationOrder;
  today: string;
  /** Every member's checklist, once loaded (null while loading or after a failed load). */
  checklist: OrderChecklist | null;
}) {
  const queryClient = useQueryClient();
  const heading = useRef<HTMLHeadingElement>(null);
  const editor = useInlineEditor<Editing>(
    (target) => (target.kind === 'add' ? 'add' : `edit-${target.memberId}`),
    () => heading.current,
  );
  const { editing } = editor;
  const ref = order.displayId;
  const { actions, members } = order;

  /** After a save or removal: the focus goes back to the editor's button, or else to the panel's heading. */
  async function changed(message: string, returnFocus: boolean) {
    editor.close(returnFocus);
    // The order (under either of its ids), its total and the checklists all follow the members.
    await queryClient.invalidateQueries({ queryKey: applicationKeys.all });
    void showToast(message);
    if (!returnFocus) heading.current?.focus();
  }

  return (
    <Panel id="order-members" title={`Members (${members.length})`} headingRef={heading}>
      <ul className="mt-4 space-y-4">
        {members.map((member) =>
          editing?.kind === 'edit' && editing.memberId === member.id ? (
            <li key={member.id} ref={editor.editor} className="rounded-2xl border border-brand-200 bg-white p-4 sm:p-5">
              <MemberForm
                today={today}
                defaultValues={{
                  fullName: member.fullName,
                  dateOfBirth: member.dateOfBirth,
                  relationship: member.relationship,
                }}
                legend={`Edit ${member.fullName}`}
                kindBefore={member.kind}
                saveLabel="Save changes"
                onSave={async (details) => {
                  await updateMember(ref, member.id, details);
                  await changed(MEMBER_MESSAGES.updated, true);
                }}
                onCancel={() => editor.close()}
              />
            </li>
          ) : (
            <MemberCard
              key={member.id}
              member={member}
              order={order}
              checklist={checklist?.members.find((c) => c.memberId === member.id) ?? null}
              onEdit={() => editor.open({ kind: 'edit', memberId: member.id })}
              editRef={editor.opener({ kind: 'edit', memberId: member.id })}
              onRemoved={() => changed(MEMBER_MESSAGES.removed, false)}
              focusAfterRemove={() => heading.current}
            />
          ),
        )}
      </ul>
      {actions.canChangeMemberList ? (
        <div className="mt-5">
          {editing?.kind === 'add' ? (
            <div ref={editor.editor} className="rounded-2xl border border-brand-200 bg-white p-4 sm:p-5">
              <MemberForm
                today={today}
                defaultValues={EMPTY_MEMBER}
                legend="Add a family member"
                saveLabel="Add member"
                onSave={async (details) => {
                  await addMember(ref, details);
                  // The member who fills the list disables the Add button, so the heading takes the focus.
                  await changed(MEMBER_MESSAGES.added, members.length + 1 < MAX_MEMBERS);
                }}
                onCancel={() => editor.close()}
              />
            </div>
          ) : (
            <AddMemberButton
              count={members.length}
              onAdd={() => editor.open({ kind: 'add' })}
              ref={editor.opener({ kind: 'add' })}
            />
          )}
        </div>
      ) : null}
    </Panel>
  );
}
