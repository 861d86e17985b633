/**
 * What a customer typed and has not saved yet, kept for this tab (sessionStorage): a reload, a step
 * back or a phone that drops the page keeps it. sessionStorage, not localStorage: personal details
 * go with the tab. Storage can refuse (a private window); the draft then lives as long as the page.
 */

/** The JSON kept under `key`, parsed, or null (none, unreadable, or storage refused). */
export function readTabDraft(key: string): unknown {
  try {
    const raw = sessionStorage.getItem(key);
    return raw ? JSON.parse(raw) : null;
  } catch {
    return null;
  }
}

export function writeTabDraft(key: string, value: unknown): void {
  try {
    sessionStorage.setItem(key, JSON.stringify(value));
  } catch {
    // Storage refused: nothing kept beyond the page.
  }
}

export function forgetTabDraft(key: string): void {
  try {
    sessionStorage.removeItem(key);
  } catch {
    // Nothing kept.
  }
}
