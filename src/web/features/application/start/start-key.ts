import { type ParameterChoices, SERVICE_PARAMETERS } from '../../../../domain/catalog/parameters.ts';

/**
 * The idempotency key of "Start application" (docs/decisions/0048, 0052): one per chosen package
 * and countries in this tab, kept in sessionStorage until the start succeeds, so a double click,
 * a retry or a reload after a lost answer sends the same key and the server answers the order it
 * already started. Once started, the entry remembers the order; a later start for the same choice
 * is a deliberate second application and gets a new key.
 */

interface StartEntry {
  key: string;
  /** The order this key started (DOC-…), once the answer came. */
  startedRef?: string;
}

const PREFIX = 'sevadocs-start:';
/** When the browser refuses storage (privacy modes): the key lives as long as the page. */
const inMemory = new Map<string, StartEntry>();

export interface StartChoice {
  id: number;
  choices: ParameterChoices;
}

function storageKey({ id, choices }: StartChoice): string {
  return `${PREFIX}${id}:${SERVICE_PARAMETERS.map((p) => choices[p] ?? '').join('-')}`;
}

function read(choice: StartChoice): StartEntry | null {
  const name = storageKey(choice);
  try {
    const raw = sessionStorage.getItem(name);
    const entry = raw ? (JSON.parse(raw) as Partial<StartEntry>) : null;
    if (entry && typeof entry.key === 'string') return entry as StartEntry;
  } catch {
    // Unreadable or refused: fall back to this page's memory.
  }
  return inMemory.get(name) ?? null;
}

function write(choice: StartChoice, entry: StartEntry): void {
  const name = storageKey(choice);
  inMemory.set(name, entry);
  try {
    sessionStorage.setItem(name, JSON.stringify(entry));
  } catch {
    // Kept in memory only.
  }
}

function newKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, '0')).join('');
}

/** The key to start `choice` with: the waiting one, else a new one (stored before it is sent). */
export function startKeyFor(choice: StartChoice): string {
  const entry = read(choice);
  if (entry && !entry.startedRef) return entry.key;
  const fresh = { key: newKey() };
  write(choice, fresh);
  return fresh.key;
}

/** The key started `ref`: the next start of this choice is a new application. */
export function markStarted(choice: StartChoice, key: string, ref: string): void {
  write(choice, { key, startedRef: ref });
}

/** The server refused the key (used for another choice): forget it so the next try makes a new one. */
export function forgetStartKey(choice: StartChoice): void {
  const name = storageKey(choice);
  inMemory.delete(name);
  try {
    sessionStorage.removeItem(name);
  } catch {
    // Nothing stored.
  }
}

/** The order this tab already started for `choice`, if any (shown as "continue it"). */
export function startedOrderFor(choice: StartChoice): string | null {
  return read(choice)?.startedRef ?? null;
}
