import { memberFirstName } from '../forms/member-texts.ts';
import type { MissingDocuments } from './documents.ts';
import { isOtherDocumentId, otherDocumentWords } from './other-documents.ts';

/**
 * DESIGN.md §1, issue 10 point 8 and issue 28: an application is complete when every member's form
 * is reviewed (a package without a form has nothing to review) and every required document is in.
 * The server moves a paid order between `Forms incomplete` and `Order pending` by this rule
 * (order-completion.ts), and the order view lists what it finds missing (`missing`), so checkout's
 * "Everything is in" and the order's status never disagree.
 */

export interface CompletionFacts {
  /** The order's package has a form (its members' answers are reviewed). */
  hasForm: boolean;
  /** In member order. */
  members: readonly { id: number; fullName: string; reviewed: boolean }[];
  /** Each member's required documents not uploaded yet. */
  missingDocuments: readonly MissingDocuments[];
  /**
   * Members whose proof of address is from another mission's area than the order's, with why
   * (src/domain/jurisdiction/proof-of-address.ts `proofConflict`, issue 32 §1): it holds the
   * application back like a missing document.
   */
  proofConflicts?: readonly { memberId: number; message: string }[];
}

/** Short words a title leaves in lower case ("Record of Landing"). */
const TITLE_SMALL_WORDS: ReadonlySet<string> = new Set([
  'a',
  'an',
  'and',
  'by',
  'for',
  'in',
  'of',
  'on',
  'or',
  'the',
  'to',
]);

/**
 * "Passport copy" → "passport copy"; an acronym ("PAN card", "OCI"), a nationality ("Canadian
 * passport"), a form's own name, every word capitalised ("Parental Authorization Form"), and an
 * annexure ("Annexure C, signed by…") stay as they are.
 */
export const inSentence = (label: string) => {
  const words = label.split(/\s+/);
  // The passport rules' declarations are named like forms: "Annexure C", "Annexure D".
  const named =
    /^(?:Annexure [A-Z]|American|Canadian|Indian)\b/.test(label) ||
    (words.length > 1 && words.every((w) => !/^[a-z]/.test(w) || TITLE_SMALL_WORDS.has(w)));
  return /^[A-Z][a-z]/.test(label) && !named ? label[0]?.toLowerCase() + label.slice(1) : label;
};

/**
 * How a list of what is missing names a member of `members`: by first name, or in full when
 * another member shares it.
 */
export function memberNamer(members: readonly { fullName: string }[]): (member: { fullName: string }) => string {
  const firstNames = members.map((m) => memberFirstName(m.fullName));
  return (member) => {
    const name = memberFirstName(member.fullName);
    return firstNames.filter((n) => n === name).length > 1 ? member.fullName.trim() : name;
  };
}

/**
 * A label that says whose document it is, which the member's name cannot go before ("Priya’s both
 * witnesses’ photo IDs"): another's possessive first ("First parent’s passport", "Parents’ marriage
 * certificate", "Both parents’ PR cards") or the parent it is of ("Passport of the parent who signs").
 */
const NAMES_WHOSE = /^(?:(?:Both|First|Second) )?\p{L}+(?:’s|s’) |\bof the (?:other )?parents?\b/u;

/**
 * A document `member` still needs, named as `nameOf` names them, in words that fit a list and a
 * sentence ("Please upload …") alike. The member's own: "Priya’s current foreign passport", named
 * once where a child's item already carries the child's name ("Anaya’s photo") and for an item
 * that says "Your" or "Child’s"; one that says whose it is: "the parents’ marriage certificate (for
 * Aarav)", "both witnesses’ photo IDs (for Priya)".
 */
export function neededDocument(
  member: { fullName: string },
  label: string,
  nameOf: (member: { fullName: string }) => string,
): string {
  const own = `${memberFirstName(member.fullName)}’s `;
  const named = label.startsWith(own) ? label.slice(own.length) : label.replace(/^(?:Your|Child’s) /, '');
  if (named === label && NAMES_WHOSE.test(label)) {
    const article = /^Both /.test(label) ? '' : 'the ';
    return `${article}${inSentence(label)} (for ${nameOf(member)})`;
  }
  // "The document to attest" is Priya's document to attest; "your cancelled passport", theirs.
  const bare = named.replace(/^The /, '').replace(/\byour\b/g, 'their');
  return `${nameOf(member)}’s ${inSentence(bare)}`;
}

/**
 * A member's item in the words the customer reads it everywhere (the order page's list of what is
 * left, a request's e-mail and notice): a checklist item as `neededDocument` puts it, a document
 * outside the checklist our team named (decision 0186) verbatim with whose it is
 * (`otherDocumentWords`: "Marriage certificate (for Priya)"), never put into a possessive.
 */
export function neededItem(
  member: { fullName: string },
  item: { id: string; label: string },
  nameOf: (member: { fullName: string }) => string,
): string {
  return isOtherDocumentId(item.id)
    ? otherDocumentWords(item.label, member, nameOf)
    : neededDocument(member, item.label, nameOf);
}

/**
 * What is still needed, in human words and member order: "Priya’s application form", "Priya’s
 * current foreign passport", "the parents’ marriage certificate (for Aarav)", "Marriage
 * certificate (for Priya)" (`memberNamer`, `neededItem`). Empty when the order is complete.
 */
export function missingItems(facts: CompletionFacts): string[] {
  const nameOf = memberNamer(facts.members);
  return facts.members.flatMap((member) => {
    const form = facts.hasForm && !member.reviewed ? [`${nameOf(member)}’s ${COMPLETION_TEXT.form}`] : [];
    const documents =
      facts.missingDocuments
        .find((m) => m.memberId === member.id)
        ?.items.map((item) => neededItem(member, item, nameOf)) ?? [];
    const conflicts = (facts.proofConflicts ?? [])
      .filter((c) => c.memberId === member.id)
      .map((c) => `${nameOf(member)}’s ${c.message}`);
    return [...form, ...documents, ...conflicts];
  });
}

export const COMPLETION_TEXT = {
  form: 'application form',
  /** Checkout's Payment card when nothing is missing. */
  allIn: 'Everything is in: after payment your order goes straight to our team (Order pending).',
  /**
   * …when nothing is missing but our team prepares documents once the order is paid, for the
   * customer to sign and upload (a child's Parental Authorization Form): listed after this heading.
   */
  preparedAfterPayment: 'After payment, we prepare these for you to sign and upload on your order page:',
  allInThenPrepared: 'Everything else is in: once they are uploaded, your order goes to our team (Order pending).',
  /** The order page once a paid order has everything (the last requested document too). */
  allInPaid:
    'Everything is in: your order is with our team (Order pending). We will let you know here and by e-mail when anything changes.',
  /** …and when something is: the list follows. */
  stillNeeded: 'Still needed:',
  payFirst:
    'You can pay now and finish later: after payment your order waits in Forms incomplete until all of it is in.',
  /** The order page when our team sent a complete application back (Forms incomplete): their remark follows. */
  sentBack: 'Our team sent your application back to you:',
  /** …when they said nothing (before the desk required a remark for it). */
  sentBackUnsaid: 'Our team sent your application back to you. If it is not clear what to change, please contact us.',
  /** The order's status line while it is back with the customer: Forms incomplete's own says something is missing. */
  sentBackStatus: 'Our team sent your application back to you: what to change is just below.',
  /**
   * The status line while our team asks for a document (Forms incomplete from In review, by staff):
   * Forms incomplete's own says forms may be missing and "so we can start work" (walk H), though the
   * answers stand and the work has started.
   */
  askedStatus: 'Our team needs a document from you to go on: what to upload is just below.',
  /** …and how it comes back to them (a document replaced or a review given again moves it on). */
  sentBackHow:
    'Change what they asked for: replace the document on this page, or open the member’s form, change the answer and review it again. Your application comes back to our team as soon as you do.',
} as const;
