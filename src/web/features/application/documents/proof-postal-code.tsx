import type { QueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { ChecklistItemStatus, DocumentView, MemberChecklist } from '../../../../domain/applications/documents.ts';
import { codeWords, conflictSentence } from '../../../../domain/jurisdiction/proof-of-address.ts';
import type { AddressCountry } from '../../../../domain/users/regions.ts';
import { PostalCodeControl } from '../../../components/postal-code-control.tsx';
import { Icon } from '../../../components/ui/icon.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { applicationKeys, setProofPostalCode } from '../../../lib/application-api.ts';

export const PROOF_CODE_TEXT = {
  /**
   * Marked optional as the site marks its optional fields: an order whose customer gives no code is
   * not held back (decision 0118, "Limits"), so the review and checkout say "Everything is in" without it.
   */
  legend: 'ZIP or postal code on this document (optional)',
  hint: 'As printed on your proof of address. We check that it is served by the same Indian mission as the address in your form.',
  /**
   * The form's address's code, named beside the empty field: the customer types what the paper
   * shows. Filled in for them, one tap saved it unread and the mission check compared the form
   * with itself (a proof of an old address in another mission's area went through).
   */
  fromForm: (code: string) => `The address in your form has ${code}: type the code this document shows.`,
  save: 'Save code',
  change: 'Change code',
  /** The sentence starts with the code's words: 'ZIP 93215 …', 'Postal code V6Z 1R8 …' (not 'postal code …'). */
  onDocument: (code: string, mission: string) =>
    `${code.charAt(0).toUpperCase()}${code.slice(1)} on this document: ${mission}.`,
  failed: 'The code could not be saved. Please try again.',
} as const;

/**
 * Saves the code printed on a member's proof of address and keeps the member's checklist the server
 * answers (`remember`). Every member's checklist is read again: the others using the same file
 * ("Use Priya’s copy", made before the code was given) were given the code too.
 */
export function proofCodeSaver(
  client: QueryClient,
  orderRef: string,
  memberId: number,
  remember: (next: MemberChecklist) => Promise<void>,
): (country: AddressCountry, postalCode: string) => Promise<void> {
  return async (country, postalCode) => {
    await remember((await setProofPostalCode(orderRef, memberId, country, postalCode)).data);
    void client.invalidateQueries({ queryKey: applicationKeys.checklist(orderRef), exact: true });
  };
}

/**
 * Under a proof of address (issue 32 §1): the ZIP or postal code printed on it, asked once the file
 * is in (typed off the paper, the form's address's code named beside it), then shown
 * with the mission it resolves to; and, when that mission is not the order's,
 * why the application waits and what to do (`conflict`, from the server's rule). The same on the
 * documents step and on the order page, where a proof our team asked for again is replaced.
 */
export function ProofPostalCode({
  item: { conflict, proofCountry: country, proofPostalCode: postalCode },
  document,
  canChange,
  onSave,
}: {
  /**
   * The proof's checklist item: its conflict, the country the code is first asked in (the order's;
   * the customer can change it) and the code of the member's address in the form, named for the
   * customer to read the paper against.
   */
  item: Pick<ChecklistItemStatus, 'conflict' | 'proofCountry' | 'proofPostalCode'>;
  /** The proof's stored file. */
  document: DocumentView;
  canChange: boolean;
  /** Sends the code; rejects with the server's refusal. */
  onSave(country: AddressCountry, postalCode: string): Promise<void>;
}) {
  const given = document.proofAddress;
  const [editing, setEditing] = useState(false);
  return (
    <div className="mt-3 space-y-3">
      {conflict ? (
        <p
          role="alert"
          className="flex items-start gap-2 rounded-lg border border-red-300 bg-red-50 px-3 py-2 text-sm text-red-900"
        >
          <Icon name="circle-alert" className="mt-0.5 size-4" />
          <span>{conflictSentence(conflict)}</span>
        </p>
      ) : null}
      {given && !editing ? (
        <p className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-slate-700">
          <span>
            {PROOF_CODE_TEXT.onDocument(codeWords(given.country, given.postalCode), given.mission.mission.name)}
          </span>
          {canChange ? (
            <button
              type="button"
              onClick={() => setEditing(true)}
              className="font-semibold text-brand-700 underline underline-offset-4"
            >
              {PROOF_CODE_TEXT.change}
            </button>
          ) : null}
        </p>
      ) : canChange ? (
        <PostalCodeControl
          legend={PROOF_CODE_TEXT.legend}
          hint={
            !given && postalCode
              ? `${PROOF_CODE_TEXT.hint} ${PROOF_CODE_TEXT.fromForm(postalCode)}`
              : PROOF_CODE_TEXT.hint
          }
          submitLabel={PROOF_CODE_TEXT.save}
          {...(given
            ? { initial: { country: given.country, postalCode: given.postalCode } }
            : country
              ? { initial: { country, postalCode: '' } }
              : {})}
          onSend={async (country, postalCode) => {
            try {
              await onSave(country, postalCode);
              setEditing(false);
              return null;
            } catch (error) {
              return errorMessage(error, PROOF_CODE_TEXT.failed);
            }
          }}
        />
      ) : null}
    </div>
  );
}
