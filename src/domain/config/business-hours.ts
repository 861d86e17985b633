/**
 * Our business hours: when staff work queues with a promise in hours (a photo's second look, issue
 * 31 §4). Monday to Friday, 9:00–18:00 New York time, the zone of most customers and of the team;
 * public holidays are not counted out (a clock that runs over one is shown overdue, not hidden).
 * Shared by the server (deadlines) and the pages (the promise's words).
 */
export const BUSINESS_HOURS = {
  timeZone: 'America/New_York',
  /** Days of the week, 0 Sunday … 6 Saturday. */
  days: [1, 2, 3, 4, 5] as readonly number[],
  /** Minutes after local midnight. */
  opensAt: 9 * 60,
  closesAt: 18 * 60,
  words: 'Monday to Friday, 9:00–18:00 New York time',
} as const;

const MINUTE_MS = 60_000;
const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];

const wallClock = new Intl.DateTimeFormat('en-US', {
  timeZone: BUSINESS_HOURS.timeZone,
  hourCycle: 'h23',
  weekday: 'short',
  year: 'numeric',
  month: 'numeric',
  day: 'numeric',
  hour: 'numeric',
  minute: 'numeric',
  second: 'numeric',
});

/** The zone's calendar day and weekday at `at`, and its wall time as if it were UTC (for the offset). */
function local(at: number) {
  const parts = Object.fromEntries(wallClock.formatToParts(at).map((p) => [p.type, p.value]));
  const [year, month, day] = [Number(parts.year), Number(parts.month), Number(parts.day)];
  const asUtc = Date.UTC(year, month - 1, day, Number(parts.hour), Number(parts.minute), Number(parts.second));
  return { year, month, day, weekday: WEEKDAYS.indexOf(parts.weekday ?? ''), offset: asUtc - (at - (at % 1000)) };
}

/**
 * The instant of a wall time in the zone (day may overflow the month: Date.UTC carries it). The
 * offset is read at the guess and again at the result, which settles it on either side of a
 * clock change (business hours never fall in the changing hour, 1:00–3:00).
 */
function atWallTime(year: number, month: number, day: number, minutes: number): number {
  const guess = Date.UTC(year, month - 1, day, 0, minutes);
  const first = guess - local(guess).offset;
  return guess - local(first).offset;
}

/** The opening and closing of `at`'s local day (null when it is no working day), and the next midnight. */
function dayOf(at: number) {
  const { year, month, day, weekday } = local(at);
  const nextDay = atWallTime(year, month, day + 1, 0);
  if (!BUSINESS_HOURS.days.includes(weekday)) return { hours: null, nextDay };
  return {
    hours: {
      opens: atWallTime(year, month, day, BUSINESS_HOURS.opensAt),
      closes: atWallTime(year, month, day, BUSINESS_HOURS.closesAt),
    },
    nextDay,
  };
}

/** `minutes` of business time after `start`: a clock that stops outside business hours. */
export function addBusinessMinutes(start: Date, minutes: number): Date {
  let at = start.getTime();
  let left = minutes * MINUTE_MS;
  // A year of days bounds the walk; a working day comes within three.
  for (let i = 0; i < 366; i += 1) {
    const { hours, nextDay } = dayOf(at);
    if (hours && at < hours.closes) {
      const from = Math.max(at, hours.opens);
      if (from + left <= hours.closes) return new Date(from + left);
      left -= hours.closes - from;
    }
    at = nextDay;
  }
  throw new Error('no business hours within a year');
}

/** Business minutes from `from` to `to`: negative when `to` is earlier (a deadline passed). */
export function businessMinutesBetween(from: Date, to: Date): number {
  if (to < from) return -businessMinutesBetween(to, from);
  let total = 0;
  let at = from.getTime();
  const end = to.getTime();
  while (at < end) {
    const { hours, nextDay } = dayOf(at);
    if (hours) total += Math.max(0, Math.min(end, hours.closes) - Math.max(at, hours.opens));
    at = nextDay;
  }
  return Math.floor(total / MINUTE_MS);
}

const dueFormat = new Intl.DateTimeFormat('en-US', {
  timeZone: BUSINESS_HOURS.timeZone,
  weekday: 'short',
  hour: 'numeric',
  minute: '2-digit',
  timeZoneName: 'short',
});

/** A deadline as staff read it: "Mon 10:30 AM EST". */
export function businessDeadlineWords(at: Date): string {
  return dueFormat.format(at).replace(/,/g, '');
}
