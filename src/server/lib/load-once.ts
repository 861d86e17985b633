/**
 * A loader that runs `load` at its first call and hands every later call the same promise, except
 * after a failure: a failed load is forgotten, so the next call tries again (a module or model
 * that failed to load once, for a moment, does not fail every later caller).
 */
export function loadOnce<T>(load: () => Promise<T>): () => Promise<T> {
  let loading: Promise<T> | null = null;
  return () => {
    loading ??= load().catch((error: unknown) => {
      loading = null;
      throw error;
    });
    return loading;
  };
}
