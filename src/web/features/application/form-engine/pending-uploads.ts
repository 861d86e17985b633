import { useCallback, useEffect, useRef } from 'react';

/**
 * The uploads still on their way (the step's upload fields, or the documents of its Documents
 * step), by key. Continue waits for them: a file being sent is not missing, and leaving the step
 * would abandon it. A hurried parent who chose the photo and pressed Continue at once was told
 * "Your photo is required" beside its progress bar. Closing or reloading the page while one is on
 * its way asks first, as unsaved answers do.
 */
export function usePendingUploads() {
  const pending = useRef(new Map<string, Promise<void>>());

  useEffect(() => {
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      if (pending.current.size === 0) return;
      event.preventDefault();
      // Older browsers show the prompt only when returnValue is set.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, []);

  /** `sending` settles once the upload is in (or has failed or stopped). */
  const track = useCallback((key: string, sending: Promise<void>) => {
    pending.current.set(key, sending);
    const forget = () => {
      if (pending.current.get(key) === sending) pending.current.delete(key);
    };
    sending.then(forget, forget);
  }, []);

  /** Resolves once no upload is on its way (at once when none is). */
  const settled = useCallback(async () => {
    const waiting = [...pending.current.values()];
    if (waiting.length > 0) await Promise.allSettled(waiting);
  }, []);

  return { track, settled };
}
