import type { ApplicationOrder } from '../../../domain/applications/application.ts';
import { memberNamer, neededDocument } from '../../../domain/applications/completion.ts';
import { itemStillNeeded, type OrderChecklist } from '../../../domain/applications/documents.ts';

const list = new Intl.ListFormat('en-GB', { type: 'conjunction' });

export const STILL_TO_DO_TEXT = {
  /** What the customer does next after paying an application that waits in Forms incomplete. */
  next: (steps: readonly string[]) =>
    `What happens next: ${list.format(steps)}. Once everything is in, our team starts on your application.`,
  forms: (names: readonly string[]) =>
    `finish and review ${list.format(names.map((name) => `${name}’s`))} ${names.length === 1 ? 'form' : 'forms'}`,
  uploads: 'upload the documents still missing',
  /**
   * The documents our team prepared ("Aarav’s Parental Authorization Form"), in the print pack once
   * paid: printed, signed as the pack's pages say (a notary for the Parental Authorization Form)
   * and uploaded.
   */
  prepared: (documents: readonly string[], packs: number) => {
    const one = documents.length === 1;
    return `print ${list.format(documents)} from ${packs === 1 ? 'the print pack' : 'the print packs'} on your order page, sign ${one ? 'it' : 'them'} as the pack shows (before a notary where it says so) and upload ${one ? 'it' : 'them'}`;
  },
  /** When the order's lists cannot be read, or name nothing (our team sent it back): the order page says what. */
  unknown:
    'What happens next: your order page lists what is still needed. Once everything is in, our team starts on your application.',
} as const;

/**
 * After paying an application still in Forms incomplete: what is actually left, from its to-do
 * (forms not reviewed) and its checklist (documents still needed, apart from those our team
 * prepared, which are printed from the print pack first), so the page never asks for forms that
 * are done or leaves out the print pack.
 */
export function stillToDoAfterPayment(order: Pick<ApplicationOrder, 'toDo'>, checklist: OrderChecklist): string {
  const nameOf = memberNamer(checklist.members);
  const forms = order.toDo.incompleteForms.map(nameOf);
  const needed = checklist.members.map((member) => ({
    member,
    items: member.items.filter(itemStillNeeded),
  }));
  const uploads = needed.some(({ items }) => items.some((item) => !item.preparedByUs));
  const prepared = needed
    .map(({ member, items }) => ({
      member,
      documents: items.filter((item) => item.preparedByUs).map((item) => neededDocument(member, item.label, nameOf)),
    }))
    .filter(({ documents }) => documents.length > 0);
  const steps = [
    ...(forms.length > 0 ? [STILL_TO_DO_TEXT.forms(forms)] : []),
    ...(uploads ? [STILL_TO_DO_TEXT.uploads] : []),
    ...(prepared.length > 0
      ? [
          STILL_TO_DO_TEXT.prepared(
            prepared.flatMap(({ documents }) => documents),
            prepared.length,
          ),
        ]
      : []),
  ];
  return steps.length > 0 ? STILL_TO_DO_TEXT.next(steps) : STILL_TO_DO_TEXT.unknown;
}
