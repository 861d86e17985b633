import { daysLeft, hoursLeftToday, ORDER_DESK_MESSAGES, type Sla } from '../../../domain/admin/orders.ts';
import type { LedgerProviderName, PaymentAttemptStatus } from '../../../domain/payments/payment.ts';

/** The SLA clock as staff read it: the state's words and how many days are left or late. */
export function slaLabel(sla: Sla, now: Date = new Date()): { text: string; tone: 'ok' | 'late' | 'quiet' } {
  const left = daysLeft(sla, now);
  switch (sla.state) {
    case 'waiting':
      return { text: 'Not paid yet', tone: 'quiet' };
    case 'customer':
      return { text: 'Waits for the customer', tone: 'quiet' };
    case 'stopped':
      return { text: 'Stopped', tone: 'quiet' };
    case 'overdue':
      return { text: `Overdue by ${Math.max(1, -(left ?? 0))} d`, tone: 'late' };
    default: {
      const hours = hoursLeftToday(sla, now);
      if (hours !== null) return { text: hours <= 1 ? 'Due within the hour' : `${hours} h left`, tone: 'ok' };
      return { text: `${left} d left`, tone: 'ok' };
    }
  }
}

export const SLA_TONES = {
  ok: 'bg-emerald-50 text-emerald-800 ring-emerald-200',
  late: 'bg-red-50 text-red-800 ring-red-300',
  quiet: 'bg-slate-50 text-slate-600 ring-slate-200',
} as const;

export function formatUtc(iso: string): string {
  return `${new Date(iso).toLocaleString('en-US', { timeZone: 'UTC', dateStyle: 'medium', timeStyle: 'short' })} UTC`;
}

/** An attempt's status as staff read it on the desk (stray ones are labelled on their own). */
export const ATTEMPT_STATUS_LABELS: Record<PaymentAttemptStatus, string> = {
  created: 'Started',
  pending: 'Waiting for the customer',
  succeeded: 'Paid',
  failed: 'Failed',
  mismatched: 'Amount did not match',
  superseded: 'Closed unpaid (replaced)',
  stray: ORDER_DESK_MESSAGES.strayCharge,
};

/** The provider's name, short (the customer-facing labels are sentences). */
export const PROVIDER_NAMES: Record<LedgerProviderName, string> = {
  sandbox: 'Sandbox',
  stripe: 'Stripe',
  square: 'Square',
  razorpay: 'Razorpay',
  none: 'No payment: discounts cover the total',
};
