import { useState } from 'react';
import type { DocumentView } from '../../../../domain/applications/documents.ts';
import { codeWords, conflictSentence } from '../../../../domain/jurisdiction/proof-of-address.ts';
import type { AddressCountry } from '../../../../domain/users/regions.ts';
import { PostalCodeControl } from '../../../components/postal-code-control.tsx';
import { Icon } from '../../../components/ui/icon.tsx';
import { errorMessage } from '../../../lib/api-client.ts';

export const PROOF_CODE_TEXT = {
  legend: 'ZIP or postal code on this document',
  hint: 'As printed on your proof of address. We check that it is served by the same Indian mission as the address in your form.',
  /**
   * The form's address's code, named beside the empty field: the customer types what the paper
   * shows. Filled in for them, one tap saved it unread and the mission check compared the form
   * with itself (a proof of an old address in another mission's area went through).
   */
  fromForm: (code: string) => `The address in your form has ${code}: type the code this document shows.`,
  save: 'Save code',
  change: 'Change code',
  onDocument: (code: string, mission: string) => `${code} on this document: ${mission}.`,
  failed: 'The code could not be saved. Please try again.',
} as const;

/**
 * Under a proof of address (issue 32 §1): the ZIP or postal code printed on it, asked once the file
 * is in (typed off the paper, the form's address's code named beside it), then shown
 * with the mission it resolves to; and, when that mission is not the order's,
 * why the application waits and what to do (`conflict`, from the server's rule).
 */
export function ProofPostalCode({
  document,
  conflict,
  country,
  postalCode,
  canChange,
  onSave,
}: {
  document: DocumentView;
  conflict: string | undefined;
  /** The country the code is first asked in (the order's); the customer can change it. */
  country?: AddressCountry;
  /** The code of the member's address in the form, named for the customer to read the paper against. */
  postalCode?: string;
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
