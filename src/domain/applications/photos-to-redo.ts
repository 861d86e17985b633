import { z } from 'zod';
import type { FormDefinition } from '../forms/definition.ts';
import type { ComplianceReport } from '../photos/compliance.ts';
import { photoVerdict } from '../photos/verdict.ts';
import { memberNamer, neededDocument } from './completion.ts';
import { itemStep } from './item-step.ts';
import type { MemberKind } from './member-kinds.ts';

/**
 * A member's photo, signature or thumb impression that is in but fails one of SevaPhotos' rules
 * (its stored report). It does not hold the order back: the engine can be wrong, and our team has
 * the last word at the desk. But the government portal checks the same rules, so the customer is
 * told before paying and while the order waits, with the way to replace it.
 */
export const photoToRedoSchema = z.object({
  memberId: z.number(),
  itemId: z.string(),
  /** "Priya’s photo", as the list of what is missing names it. */
  label: z.string(),
  /** The most important rule it fails, as what is wrong: "The photo is out of focus." */
  problem: z.string(),
  /**
   * The member's form step where it is replaced (itemStep: a form step asks for a photo or a
   * signature), null when the package has no form; the order page's "Replace …" opens it.
   */
  step: z.number().int().nullable(),
  /** The stored file: the form's photo step names the problem beside the very file it is about. */
  documentId: z.number().int(),
  /** Named for being another member's file (its own checks may pass), not for a rule it fails. */
  sameFile: z.boolean(),
});
export type PhotoToRedo = z.infer<typeof photoToRedoSchema>;

export const PHOTOS_TO_REDO_TEXT = {
  heading: 'Worth replacing before the application is submitted:',
  item: (photo: Pick<PhotoToRedo, 'label' | 'problem'>) => `${photo.label}: ${photo.problem}`,
  why: 'The government portal checks photos and signatures by these rules, and each applicant’s must be their own. Your order can go on without a new one; our team may ask for it.',
  replace: (label: string) => `Replace ${label}`,
  /** The order is with our team (Order pending): the files are named, no longer replaced by the customer. */
  teamChecks:
    'Our team checks these before anything is sent, and asks you here and by e-mail for a new one if the portal would refuse it:',
  /**
   * The same file as another member's photo or signature: a walk's parent sent one signature for
   * the whole family and one child's photo for the other, and every check passed.
   */
  sameAs: (otherLabel: string) =>
    `It is the same file as ${otherLabel}. Each applicant needs their own: please check it is the right one.`,
} as const;

/**
 * The members' stored photos, signatures and thumb impressions (the files SevaPhotos checks: they
 * have a report) that fail a rule, or are the same bytes as an earlier member's (`sha256`), in
 * member order then checklist order; the second names the first. `items` is each member's
 * checklist (the labels); a file for an item the member no longer needs is left out. `definition`
 * is the order's form, which says the step each is replaced on. Documents a family shares (a proof
 * of address) are not checked, so never named.
 */
export function photosToRedo(
  members: readonly {
    id: number;
    fullName: string;
    kind: MemberKind;
    items: readonly { id: string; label: string }[];
  }[],
  files: readonly {
    id: number;
    memberId: number | null;
    itemId: string | null;
    report: ComplianceReport | null;
    sha256: string;
  }[],
  definition: FormDefinition | null,
): PhotoToRedo[] {
  const nameOf = memberNamer(members);
  /** The first member's checked file with these bytes, named as the list names it. */
  const firstWith = new Map<string, string>();
  return members.flatMap((member) =>
    member.items.flatMap((item) => {
      const file = files.find((f) => f.memberId === member.id && f.itemId === item.id && f.report);
      if (!file?.report) return [];
      const label = neededDocument(member, item.label, nameOf);
      const first = firstWith.get(file.sha256);
      if (!first) firstWith.set(file.sha256, label);
      if (!first && file.report.passed) return [];
      const verdict = photoVerdict(file.report);
      return [
        {
          memberId: member.id,
          itemId: item.id,
          label,
          problem: first ? PHOTOS_TO_REDO_TEXT.sameAs(first) : (verdict.reason?.problem ?? verdict.headline),
          step: itemStep(definition, member.kind, item.id) ?? null,
          documentId: file.id,
          sameFile: first !== undefined,
        },
      ];
    }),
  );
}
