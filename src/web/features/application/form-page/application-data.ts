import { type QueryClient, useQuery } from '@tanstack/react-query';
import type { ApplicationOrder } from '../../../../domain/applications/application.ts';
import { CHECKLIST_ANSWER_KEYS, checklistItemOfUpload } from '../../../../domain/applications/checklist.ts';
import type { MemberChecklist, OrderChecklist } from '../../../../domain/applications/documents.ts';
import type { MemberForm } from '../../../../domain/applications/member-form.ts';
import type { MemberKind } from '../../../../domain/applications/member-kinds.ts';
import { type Member, walkedSteps } from '../../../../domain/applications/members.ts';
import type { FormDefinition } from '../../../../domain/forms/definition.ts';
import { isUploadField, walkFields } from '../../../../domain/forms/definition.ts';
import { memberSteps } from '../../../../domain/forms/visibility.ts';
import { addressCodeOf, decidingMember } from '../../../../domain/jurisdiction/address-answers.ts';
import { conflictSentence } from '../../../../domain/jurisdiction/proof-of-address.ts';
import type { OrderMissionOf } from '../../../components/jurisdiction-notice.tsx';
import {
  applicationKeys,
  getApplication,
  getChecklist,
  getMemberForm,
  getOrderForm,
} from '../../../lib/application-api.ts';

/** The order, its form definition and its checklists: what every part of the page reads. */
export function useApplicationData(orderRef: string) {
  const order = useQuery({
    queryKey: applicationKeys.order(orderRef),
    queryFn: async () => (await getApplication(orderRef)).data,
    retry: retryUnlessRefused,
  });
  const form = useQuery({
    queryKey: applicationKeys.form(orderRef),
    queryFn: async () => (await getOrderForm(orderRef)).data.definition,
    retry: retryUnlessRefused,
    staleTime: Number.POSITIVE_INFINITY,
  });
  const checklist = useQuery({
    queryKey: applicationKeys.checklist(orderRef),
    queryFn: async () => (await getChecklist(orderRef)).data,
    retry: retryUnlessRefused,
  });
  return { order, form, checklist };
}

export function useMemberForm(orderRef: string, memberId: number) {
  return useQuery({
    queryKey: applicationKeys.memberForm(orderRef, memberId),
    queryFn: async () => (await getMemberForm(orderRef, memberId)).data,
    retry: retryUnlessRefused,
    // The form opens on what the server has now: another device may have saved since.
    staleTime: 0,
    refetchOnMount: 'always',
  });
}

/** A 4xx answer will not change on a retry; a network failure or a 5xx may. */
function retryUnlessRefused(count: number, error: unknown): boolean {
  const status = (error as { status?: number }).status ?? 0;
  return count < 2 && (status === 0 || status >= 500);
}

/** The server's answer to a save or review, into the order (member progress) and the member form caches. */
export function rememberMemberForm(client: QueryClient, orderRef: string, form: MemberForm): void {
  const before = client.getQueryData<MemberForm>(applicationKeys.memberForm(orderRef, form.memberId));
  client.setQueryData(applicationKeys.memberForm(orderRef, form.memberId), form);
  // The checklist follows some answers (a former Indian citizen brings the renunciation certificate).
  // Compared by value: some of these answers are lists (the particulars a re-issue changes).
  const changed = (key: string) => JSON.stringify(before?.answers[key]) !== JSON.stringify(form.answers[key]);
  if (before && CHECKLIST_ANSWER_KEYS.some(changed)) {
    void client.invalidateQueries({ queryKey: applicationKeys.checklist(orderRef) });
  }
  // The order's mission follows the deciding member's address code: read again when a code changed;
  // and the checklist, whose proof of address starts with the member's code (and is compared with the mission).
  if (before && JSON.stringify(addressCodeOf(before.answers)) !== JSON.stringify(addressCodeOf(form.answers))) {
    void client.invalidateQueries({ queryKey: applicationKeys.order(orderRef) });
    void client.invalidateQueries({ queryKey: applicationKeys.checklist(orderRef) });
  }
  client.setQueryData<ApplicationOrder>(applicationKeys.order(orderRef), (order) =>
    order
      ? {
          ...order,
          members: order.members.map((member) =>
            member.id === form.memberId
              ? {
                  ...member,
                  progress: {
                    ...member.progress,
                    currentStep: form.currentStep,
                    reviewed: form.reviewDetails !== null,
                  },
                }
              : member,
          ),
        }
      : order,
  );
}

/**
 * A member's checklist after an upload or a deletion, into the order's checklists. A read of the
 * checklists still in flight was answered before the change: landing after it, it would put the list
 * back without the file (CI run 66d: a dropped document's Delete button never came). It is cancelled,
 * and read again once the change is in, since it may carry what an answer changed (a new item).
 */
export async function rememberChecklist(client: QueryClient, orderRef: string, next: MemberChecklist): Promise<void> {
  const queryKey = applicationKeys.checklist(orderRef);
  const reading = client.isFetching({ queryKey, exact: true }) > 0;
  await client.cancelQueries({ queryKey, exact: true });
  client.setQueryData<OrderChecklist>(queryKey, (all) => {
    if (!all) return all;
    const members = all.members.map((m) => (m.memberId === next.memberId ? next : m));
    return { ...all, members, complete: members.every((m) => m.complete) };
  });
  if (reading) void client.invalidateQueries({ queryKey, exact: true });
  // The order page's to-do list counts the documents too.
  void client.invalidateQueries({ queryKey: applicationKeys.order(orderRef) });
}

/**
 * A member's steps: the definition's for the member's kind, then Documents (docs/decisions/0053).
 * Without a definition (a documents-only package) there is only the documents view.
 */
export function memberStepCount(definition: FormDefinition | null, kind: MemberKind): number {
  return definition ? walkedSteps(memberSteps(definition, kind).length) : 0;
}

/** The checklist items a member's form asks to upload (checklistItemOfUpload): the Documents step skips them. */
export function formUploadItems(definition: FormDefinition | null, kind: MemberKind): string[] {
  if (!definition) return [];
  const items: string[] = [];
  for (const step of memberSteps(definition, kind)) {
    for (const section of step.sections) {
      for (const { field } of walkFields(section.fields)) {
        if (isUploadField(field)) items.push(checklistItemOfUpload(field.key));
      }
    }
  }
  return items;
}

export interface MissingWork {
  /** Members whose answers are not reviewed yet (packages with a form). */
  unreviewed: Member[];
  /**
   * Per member, the required documents not uploaded, and a proof of address from another
   * mission's area than the order's (labelled with why: issue 32 §1).
   */
  documents: { member: Member; items: { id: string; label: string }[] }[];
}

/** What is still missing before checkout (issue 10 point 6). */
export function missingWork(
  order: ApplicationOrder,
  definition: FormDefinition | null,
  checklist: OrderChecklist,
): MissingWork {
  const unreviewed = definition ? order.members.filter((m) => !m.progress.reviewed) : [];
  const documents = order.members.flatMap((member) => {
    const items = (checklist.members.find((c) => c.memberId === member.id)?.items ?? [])
      .filter((item) => (item.required && !item.uploaded) || item.conflict)
      .map(({ id, label, conflict }) => ({ id, label: conflict ? conflictSentence(conflict) : label }));
    return items.length > 0 ? [{ member, items }] : [];
  });
  return { unreviewed, documents };
}

/** The next member after `currentId` (wrapping round) whose answers are not reviewed, or null. */
export function nextUnreviewed(members: readonly Member[], currentId: number): Member | null {
  const at = members.findIndex((m) => m.id === currentId);
  const ordered = [...members.slice(at + 1), ...members.slice(0, Math.max(at, 0))];
  return ordered.find((m) => !m.progress.reviewed && m.id !== currentId) ?? null;
}

/**
 * What `member`'s address step compares their address with: the order's mission, when another
 * member's address decided it (`decidingMember`); null for the deciding member or while none is set.
 */
export function orderMissionFor(
  order: Pick<ApplicationOrder, 'mission' | 'members'>,
  member: Pick<Member, 'id' | 'fullName'>,
): OrderMissionOf | null {
  const decider = decidingMember(order.members);
  if (!order.mission || !decider || decider.id === member.id) return null;
  return { memberName: member.fullName, mission: order.mission, deciderName: decider.fullName };
}
