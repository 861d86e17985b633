/**
 * Variables that look like ours but are not read: a typo such as `DATABSE_URL` would otherwise
 * leave the server on its default (the embedded database, the dev mailbox) without a word.
 * The environment also holds the platform's own variables, so only near misses are named.
 */
import { ORDER_FILES_NOTICE_DAYS, ORDER_FILES_RETENTION_DAYS } from '../domain/orders/retention.ts';
import { RETENTION_PAUSE_MS } from './modules/orders/retention.ts';

/**
 * The code's own figures that the README names beside the variables: set in the environment, one
 * would change nothing. Listed by their bindings, so a renamed constant renames its entry.
 */
const CODE_CONSTANTS = Object.keys({ ORDER_FILES_RETENTION_DAYS, ORDER_FILES_NOTICE_DAYS, RETENTION_PAUSE_MS });

/** Integrations configured by several variables of one prefix: an unknown one of them is a mistake. */
const FAMILIES = ['SMTP', 'RECAPTCHA', 'STRIPE', 'RAZORPAY', 'SQUARE', 'S3', 'EXCHANGE_RATE', 'AUTH', 'RETENTION'];

/** Edits (insert, delete, replace, swap two neighbours) from `a` to `b`; stops counting past `max`. */
function editDistance(a: string, b: string, max: number): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  const rows = [...Array(a.length + 1)].map((_, i) => [i, ...Array(b.length).fill(0)]);
  const first = rows[0] as number[];
  for (let j = 1; j <= b.length; j++) first[j] = j;
  for (let i = 1; i <= a.length; i++) {
    const row = rows[i] as number[];
    const above = rows[i - 1] as number[];
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      row[j] = Math.min((above[j] as number) + 1, (row[j - 1] as number) + 1, (above[j - 1] as number) + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) {
        row[j] = Math.min(row[j] as number, ((rows[i - 2] as number[])[j - 2] as number) + 1);
      }
    }
  }
  return (rows[a.length] as number[])[b.length] as number;
}

/** One line per variable set in `source` that the server does not read but that looks like one it does. */
export function lookalikeVariables(source: NodeJS.ProcessEnv, known: readonly string[]): string[] {
  const warnings: string[] = [];
  for (const name of Object.keys(source).sort()) {
    if (known.includes(name)) continue;
    if (CODE_CONSTANTS.includes(name)) {
      warnings.push(`${name} is set but not read: it is fixed in the code, not a setting`);
      continue;
    }
    const near = name.length >= 6 ? known.find((k) => k.length >= 6 && editDistance(name, k, 2) <= 2) : undefined;
    if (near) {
      warnings.push(`${name} is set but not read: did you mean ${near}?`);
      continue;
    }
    const family = FAMILIES.find((f) => name.startsWith(`${f}_`));
    if (family) {
      const ours = known.filter((k) => k.startsWith(`${family}_`));
      warnings.push(`${name} is set but not read: the ${family} settings are ${ours.join(', ')}`);
    }
  }
  return warnings;
}
