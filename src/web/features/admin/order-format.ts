import { daysLeft, type Sla } from '../../../domain/admin/orders.ts';

/** The SLA clock as staff read it: the state's words and how many days are left or late. */
export function slaLabel(sla: Sla, now: Date = new Date()): { text: string; tone: 'ok' | 'late' | 'quiet' } {
  const left = daysLeft(sla, now);
  switch (sla.state) {
    case 'waiting':
      return { text: 'Not paid yet', tone: 'quiet' };
    case 'stopped':
      return { text: 'Stopped', tone: 'quiet' };
    case 'overdue':
      return { text: `Overdue by ${Math.max(1, -(left ?? 0))} d`, tone: 'late' };
    default:
      return { text: left === 0 ? 'Due today' : `${left} d left`, tone: 'ok' };
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
