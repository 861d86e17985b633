import { useEffect, useRef, useState } from 'react';
import { PLATFORMS, type Platform } from '../../../domain/config/platform.ts';
import { COPY_NOTICE_MS } from '../../../domain/limits/constants.ts';
import { LAYOUT_MESSAGES } from '../../../domain/limits/messages.ts';
import { Icon } from '../../components/ui/icon.tsx';

/** The banner's invitation beside the number (wide screens), in the page's brand's words. */
export const BANNER_INVITATIONS: Record<Platform, string> = {
  [PLATFORMS.docs]: 'Questions about your application? Talk to a specialist.',
  [PLATFORMS.photos]: 'Questions about your photos? Talk to a specialist.',
};

/**
 * SPEC.md §2: the toll-free banner above the header. Clicking copies the number and shows
 * 'Toll-free number copied!' for exactly one second; a failed copy is only logged.
 */

export function TollFreeBanner({
  number,
  fixed = false,
  platform = PLATFORMS.docs,
}: {
  number: string;
  fixed?: boolean;
  platform?: Platform;
}) {
  const [copied, setCopied] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);

  useEffect(() => () => clearTimeout(timer.current), []);

  async function copy() {
    try {
      await navigator.clipboard.writeText(number);
    } catch (error) {
      console.error('Could not copy the toll-free number', error);
      return;
    }
    clearTimeout(timer.current);
    setCopied(true);
    timer.current = setTimeout(() => setCopied(false), COPY_NOTICE_MS);
  }

  const bar = (
    <aside
      aria-label="Toll-free support"
      className={`${fixed ? 'fixed inset-x-0 top-0 z-50' : 'relative'} bg-brand-900 text-sm text-white on-dark`}
    >
      <div className="page-x flex h-10 items-center justify-center gap-3">
        <span className="hidden text-brand-100 sm:inline">{BANNER_INVITATIONS[platform]}</span>
        <button
          type="button"
          onClick={copy}
          className="inline-flex items-center gap-2 rounded-full px-3 py-1 font-semibold hover:bg-white/10"
        >
          <Icon name="phone" className="size-4 text-saffron-400" />
          Toll-free {number}
          <Icon name="copy" className="size-3.5 text-brand-200" />
        </button>
      </div>
      <div role="status" className="pointer-events-none absolute inset-x-0 top-full z-[60] flex justify-center">
        {copied ? (
          <p className="mt-2 inline-flex items-center gap-2 rounded-full bg-slate-900 px-4 py-2 font-medium shadow-lg">
            <Icon name="check" className="size-4 text-green-400" />
            {LAYOUT_MESSAGES.tollFreeCopied}
          </p>
        ) : null}
      </div>
    </aside>
  );

  return fixed ? (
    <>
      {bar}
      <div className="h-10" />
    </>
  ) : (
    bar
  );
}
