import { HONEYPOT_FIELD } from '../../../domain/contact/options.ts';
import type { FormRejection } from '../../lib/form-values.ts';

/** The refund form's fields, as the page's action reads them. */
export const REFUND_FIELDS = ['orderId', 'email', 'amount', 'reason', HONEYPOT_FIELD] as const;
export type RefundField = (typeof REFUND_FIELDS)[number];

export type RefundActionData =
  | FormRejection<RefundField>
  | { ok: true; reference: string; orderId: string; amount: string; email: string; message: string };
