import { InPlaceConfirm } from './in-place-confirm.tsx';

/** The last step before a refusal: the customer is e-mailed the reason at once, and it stands. */
export const REFUND_DESK_TEXT = {
  rejectTitle: (reference: string, email: string) => `Reject ${reference} and e-mail ${email} your reason?`,
  rejectText:
    'The customer reads your reason in the e-mail and on their order page. A rejection cannot be undone: they would have to ask again.',
  rejectConfirm: 'Confirm the rejection',
} as const;

/**
 * The last step before money goes back: what, to whom and through which provider, and that it
 * cannot be undone. One confirmation for the refunds desk's approval and the order desk's refund
 * (decision 0187), so both say the same.
 */
export function RefundConfirm({
  idPrefix,
  amount,
  email,
  provider,
  withReason,
  pending,
  onConfirm,
  onCancel,
}: {
  idPrefix: string;
  /** The amount as the customer reads it ("$25"). */
  amount: string;
  email: string;
  provider: string;
  /** The customer's e-mail carries staff's reason for refunding less. */
  withReason: boolean;
  pending: boolean;
  onConfirm(): void;
  onCancel(): void;
}) {
  return (
    <InPlaceConfirm
      idPrefix={idPrefix}
      title={`Refund ${amount} to ${email}?`}
      confirmLabel={`Confirm the refund of ${amount}`}
      confirmClassName="bg-emerald-700 text-white hover:bg-emerald-800"
      pending={pending}
      onConfirm={onConfirm}
      onCancel={onCancel}
    >
      The money goes back through {provider} at once and the customer is e-mailed
      {withReason ? ' with your reason for refunding less' : ''}. A refund cannot be undone.
    </InPlaceConfirm>
  );
}
