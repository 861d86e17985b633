/**
 * The idempotency key of a "start an order" call (docs/decisions/0048, 0052, 0065): one per
 * thing started in this tab, kept in sessionStorage under `name` until the start succeeds, so a
 * double click, a retry or a reload after a lost answer sends the same key and the server answers
 * the order it already started. Once started, the entry remembers the order; a later start under
 * the same name is a deliberate second order and gets a new key.
 */

interface StartEntry {
  key: string;
  /** The order this key started, once the answer came. */
  startedRef?: string;
}

/** When the browser refuses storage (privacy modes): the key lives as long as the page. */
const inMemory = new Map<string, StartEntry>();

function read(name: string): StartEntry | null {
  try {
    const raw = sessionStorage.getItem(name);
    const entry = raw ? (JSON.parse(raw) as Partial<StartEntry>) : null;
    if (entry && typeof entry.key === 'string') return entry as StartEntry;
  } catch {
    // Unreadable or refused: fall back to this page's memory.
  }
  return inMemory.get(name) ?? null;
}

function write(name: string, entry: StartEntry): void {
  inMemory.set(name, entry);
  try {
    sessionStorage.setItem(name, JSON.stringify(entry));
  } catch {
    // Kept in memory only.
  }
}

/** A new idempotency key (a version 4 UUID), also where `crypto.randomUUID` is missing (plain http). */
export function newKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  // The API takes a UUID: version 4 from random bytes.
  const b = crypto.getRandomValues(new Uint8Array(16));
  b[6] = ((b[6] ?? 0) & 0x0f) | 0x40;
  b[8] = ((b[8] ?? 0) & 0x3f) | 0x80;
  const hex = Array.from(b, (x) => x.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** The key to start `name` with: the waiting one, else a new one (stored before it is sent). */
export function startKeyFor(name: string): string {
  const entry = read(name);
  if (entry && !entry.startedRef) return entry.key;
  const fresh = { key: newKey() };
  write(name, fresh);
  return fresh.key;
}

/** The key started `ref`: the next start under `name` is a new order. */
export function markStarted(name: string, key: string, ref: string): void {
  write(name, { key, startedRef: ref });
}

/** The server refused the key: forget it so the next try makes a new one. */
export function forgetStartKey(name: string): void {
  inMemory.delete(name);
  try {
    sessionStorage.removeItem(name);
  } catch {
    // Nothing stored.
  }
}

/** The order this tab already started under `name`, if any. */
export function startedOrderFor(name: string): string | null {
  return read(name)?.startedRef ?? null;
}
