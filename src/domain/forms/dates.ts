import { DATE_LOWER_BOUND } from '../limits/constants.ts';

/**
 * A date rule's bound: an ISO date, or today's date moved by a number of days ('today',
 * 'today+4', 'today-365'). Resolved against the `today` the schema is built with, so the browser
 * and the server agree and tests can fix the day.
 */
export type DateBound = string;
export const DATE_BOUND_PATTERN = /^(\d{4}-\d{2}-\d{2}|today([+-]\d{1,5})?)$/;

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;
const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;

/** SPEC.md §5 and §9: "Date bounds: 2000-01-01 to today". A date field that sets no min or max rule takes these. */
export const SPEC_DATE_BOUNDS = { min: DATE_LOWER_BOUND, max: 'today' } as const satisfies Record<string, DateBound>;

/** 'YYYY-MM-DD' naming a day that exists (2026-02-30 does not). */
export function isCalendarDate(value: string): boolean {
  if (!ISO_DATE.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}

/** 'HH:MM', 24-hour clock. */
export function isTime(value: string): boolean {
  return TIME.test(value);
}

export function isDateBound(value: string): boolean {
  if (!DATE_BOUND_PATTERN.test(value)) return false;
  return value.startsWith('today') || isCalendarDate(value);
}

/** The ISO date a bound stands for on `today` (itself an ISO date). */
export function resolveDateBound(bound: DateBound, today: string): string {
  if (!bound.startsWith('today')) return bound;
  const days = Number(bound.slice(5) || '0');
  const date = new Date(`${today}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

const LONG_DATE = new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: 'UTC' });

/**
 * An ISO date moved by whole months, on the same day of the month or the month's last day when it
 * has fewer ('2026-08-31', 6 → '2027-02-28'): how a passport's "valid for 6 months" is counted.
 */
export function addMonths(isoDate: string, months: number): string {
  const [year, month, day] = isoDate.split('-').map(Number) as [number, number, number];
  const first = new Date(Date.UTC(year, month - 1 + months, 1));
  const lastDay = new Date(Date.UTC(first.getUTCFullYear(), first.getUTCMonth() + 1, 0)).getUTCDate();
  first.setUTCDate(Math.min(day, lastDay));
  return first.toISOString().slice(0, 10);
}

/** An ISO date moved by whole years ('2016-04-12', 10 → '2026-04-12'): compared as text, like every date here. */
export function addYears(isoDate: string, years: number): string {
  return `${Number(isoDate.slice(0, 4)) + years}${isoDate.slice(4)}`;
}

/** 'January 1, 2000': how answers and messages show a date, the same on both sides. */
export function formatFormDate(isoDate: string): string {
  return isCalendarDate(isoDate) ? LONG_DATE.format(new Date(`${isoDate}T00:00:00Z`)) : isoDate;
}

/** '2:30 PM' for '14:30'. */
export function formatFormTime(time: string): string {
  if (!isTime(time)) return time;
  const [hours = 0, minutes = 0] = time.split(':').map(Number);
  const suffix = hours < 12 ? 'AM' : 'PM';
  return `${hours % 12 || 12}:${String(minutes).padStart(2, '0')} ${suffix}`;
}

const WEEKDAY_NAMES = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'] as const;

/** The day of the week of an ISO date ('Sunday' for 2026-12-13). */
export function weekdayName(isoDate: string): string {
  return WEEKDAY_NAMES[new Date(`${isoDate}T00:00:00Z`).getUTCDay()] ?? '';
}

/** A Saturday or a Sunday. */
export function isWeekend(isoDate: string): boolean {
  const day = new Date(`${isoDate}T00:00:00Z`).getUTCDay();
  return day === 0 || day === 6;
}
