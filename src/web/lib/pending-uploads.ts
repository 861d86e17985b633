import { useCallback, useEffect, useRef, useState } from 'react';

/**
 * The uploads still on their way (a member form step's upload fields or documents, SevaPhotos'
 * photos of step 1), by key. Continue waits for them: a file being sent is not missing, and leaving
 * the step would abandon it. A hurried parent who chose the photo and pressed Continue at once was told
 * "Your photo is required" beside its progress bar. Closing or reloading the page while one is on
 * its way asks first, as unsaved answers do.
 */
export function usePendingUploads() {
  const pending = useRef(new Map<string, Promise<boolean>>());
  // Waits overlap (Back, then another member): `waiting` stays until the last one ends.
  const waits = useRef(0);
  const [waiting, setWaiting] = useState(false);
  // A wait that ends after its page has gone (a link, the browser's Back) moves nothing.
  const live = useRef(true);
  useEffect(() => {
    live.current = true;
    return () => {
      live.current = false;
    };
  }, []);

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

  /** `sending` settles once the upload is in or cancelled (true), or has failed (false, or a rejection). */
  const track = useCallback((key: string, sending: Promise<boolean>) => {
    pending.current.set(key, sending);
    const forget = () => {
      if (pending.current.get(key) === sending) pending.current.delete(key);
    };
    sending.then(forget, forget);
  }, []);

  /**
   * Resolves once no upload is on its way (at once when none is), including any started while
   * waiting, with `waiting` set meanwhile: true when every one waited for is in or was cancelled
   * and the page is still there; false when one failed (its field says why, and the customer
   * stays to send it again) or the page has gone. The caller moves on only on true.
   */
  const settled = useCallback(async () => {
    waits.current += 1;
    setWaiting(true);
    try {
      let allIn = true;
      while (pending.current.size > 0) {
        const outcomes = await Promise.allSettled([...pending.current.values()]);
        if (outcomes.some((o) => o.status === 'rejected' || !o.value)) allIn = false;
      }
      return allIn && live.current;
    } finally {
      waits.current -= 1;
      if (waits.current === 0) setWaiting(false);
    }
  }, []);

  return { track, settled, waiting };
}
