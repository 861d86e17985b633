/**
 * Who gives a minor's consent, from the answers of the form's "Parents’ consent" step
 * (src/server/modules/applications/form-definitions/blocks.ts `parentalConsent`): both parents, or
 * one parent with the paper that shows why the other does not sign. The checklist asks for the
 * papers of the parents who sign (checklist.ts), and the print pack prepares the passport's
 * Annexure D for two signers or Annexure C for one (print-pack.ts); catalog-facts §2: "Annexure D
 * signed by both parents (Annexure C if single parent)".
 */

/** The answers of "Which describes the child’s parents?" (`parentsSituation`). */
export const PARENTS_SITUATIONS = ['together', 'separated', 'single', 'widowed'] as const;
export type ParentsSituation = (typeof PARENTS_SITUATIONS)[number];

/** The paper that shows why only one parent signs. */
export type OneParentProof = 'custody-order' | 'death-certificate';

export type ParentalConsent =
  | { signers: 'both' }
  /** `proof`: null where no paper can show it (a single parent without a custody order). */
  | { signers: 'one'; proof: OneParentProof | null };

export const BOTH_PARENTS: ParentalConsent = { signers: 'both' };

/** The parent a one-parent consent names as having custody (`custodyParent`), if the form says. */
export type CustodyParent = 'father' | 'mother';

/**
 * The consent the answers call for. Unanswered (or a form without the question) keeps both
 * parents, the common case and what the mission asks for by default.
 *
 * - Together: both sign.
 * - Separated or divorced: both sign, unless one parent has sole custody, who then signs alone
 *   with the custody order (the form's own words: "Both sign, or the parent with sole custody
 *   signs with the custody order").
 * - One parent has died: the living parent signs alone, with the death certificate.
 * - Single parent: one parent signs, with or without sole custody. The facts say "Annexure C if
 *   single parent" without a condition, and the form tells a single parent "The one parent signs a
 *   sworn declaration"; Annexure C is that declaration, and it is where the parent says why the
 *   other does not sign. Asking for the other parent's signature and passport instead would leave
 *   a parent who brings the child up alone unable to finish the order. With sole custody the
 *   court order goes with it; without one there is no paper to ask for, so none is required.
 */
export function parentalConsentOf(answers: Readonly<Record<string, unknown>>): ParentalConsent {
  const soleCustody = answers.soleCustody === 'yes';
  switch (answers.parentsSituation) {
    case 'widowed':
      return { signers: 'one', proof: 'death-certificate' };
    case 'single':
      return { signers: 'one', proof: soleCustody ? 'custody-order' : null };
    case 'separated':
      return soleCustody ? { signers: 'one', proof: 'custody-order' } : BOTH_PARENTS;
    default:
      return BOTH_PARENTS;
  }
}

/** The parent with sole custody, as the form names them (asked only when one has it). */
function custodyParentOf(answers: Readonly<Record<string, unknown>>): CustodyParent | undefined {
  const { custodyParent } = answers;
  return custodyParent === 'father' || custodyParent === 'mother' ? custodyParent : undefined;
}

/**
 * The parent who signs alone, as the form names them: the one with sole custody, or the living
 * parent when one has died (`livingParent`); undefined where the form does not say (a single parent
 * without a custody order), so the name is written by hand rather than guessed.
 */
export function signingParentOf(answers: Readonly<Record<string, unknown>>): CustodyParent | undefined {
  const consent = parentalConsentOf(answers);
  if (consent.signers === 'both') return undefined;
  if (consent.proof === 'custody-order') return custodyParentOf(answers);
  if (consent.proof === 'death-certificate') {
    const { livingParent } = answers;
    return livingParent === 'father' || livingParent === 'mother' ? livingParent : undefined;
  }
  return undefined;
}
