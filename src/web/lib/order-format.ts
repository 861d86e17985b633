import type { StatusActor } from '../../domain/orders/status.ts';

const DATE_TIME = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });
const DATE = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' });
/** A date of birth is a calendar date: shown as written, whatever the reader's time zone. */
const BIRTH_DATE = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeZone: 'UTC' });

/** 'Nov 20, 2026, 10:04 AM' in the reader's time zone (the page renders its data in the browser only). */
export const dateTime = (iso: string) => DATE_TIME.format(new Date(iso));
export const shortDate = (iso: string) => DATE.format(new Date(iso));
export const birthDate = (isoDate: string) => BIRTH_DATE.format(new Date(`${isoDate}T00:00:00Z`));

/** Who made a status change, in the customer's words. */
export const ACTOR_WORDS: Record<StatusActor, string> = {
  customer: 'by you',
  system: 'automatically',
  staff: 'by our team',
};

/** '1.2 MB', '840 KB'. */
export function fileSize(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
  return `${Math.max(1, Math.round(bytes / 1024))} KB`;
}
