import { useEffect, useRef, useState } from 'react';
import { COPY_NOTICE_MS } from '../../../domain/limits/constants.ts';
import { Icon } from './icon.tsx';

export const COPY_TEXT = {
  copy: 'Copy',
  copied: 'Copied',
  failed: 'Could not copy. Select the text and copy it yourself.',
} as const;

/**
 * A Copy button for one value: it writes `value` to the clipboard, reads "Copied" for a moment and
 * says so to screen readers (`copiedNotice`, in a status region). A refused clipboard (an old
 * browser, a denied permission) is logged (SPEC.md §8) and announced, so nobody thinks it copied.
 * `what` finishes the button's accessible name ("Copy Surname"), since a page has many of them.
 */
export function CopyButton({
  value,
  what,
  copiedNotice,
  className = 'btn-primary shrink-0 px-4 py-3',
}: {
  value: string;
  what: string;
  copiedNotice: string;
  className?: string;
}) {
  const [state, setState] = useState<'idle' | 'copied' | 'failed'>('idle');
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  async function copy() {
    clearTimeout(timer.current);
    try {
      await navigator.clipboard.writeText(value);
    } catch (error) {
      console.error(`Could not copy ${what}`, error);
      setState('failed');
      return;
    }
    setState('copied');
    timer.current = setTimeout(() => setState('idle'), COPY_NOTICE_MS * 2);
  }

  const copied = state === 'copied';
  return (
    <>
      <button type="button" onClick={copy} className={className}>
        <Icon name={copied ? 'check' : 'copy'} className="size-4" />
        <span>{copied ? COPY_TEXT.copied : COPY_TEXT.copy}</span> <span className="sr-only">{what}</span>
      </button>
      <span role="status" className={state === 'failed' ? 'basis-full text-sm text-red-700' : 'sr-only'}>
        {copied ? copiedNotice : state === 'failed' ? COPY_TEXT.failed : ''}
      </span>
    </>
  );
}
