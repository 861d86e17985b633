/**
 * React Router rejects the promise of a navigation that a newer one (or a revalidation)
 * interrupted with an AbortError. That is routine (the newer navigation wins), not a failure:
 * callers that follow up on a navigation catch it with this, and let anything else through.
 */
export function isSupersededNavigation(error: unknown): boolean {
  return error instanceof DOMException ? error.name === 'AbortError' : (error as Error | null)?.name === 'AbortError';
}

/** Awaits `navigation`; true when it completed, false when a newer navigation superseded it. */
export async function completed(navigation: unknown): Promise<boolean> {
  try {
    await navigation;
    return true;
  } catch (error) {
    if (isSupersededNavigation(error)) return false;
    throw error;
  }
}
