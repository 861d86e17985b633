import { useEffect, useRef, useState } from 'react';
import { Icon } from '../../../components/ui/icon.tsx';
import type { AutosaveStatus } from './autosaver.ts';

export const SAVE_TEXT = {
  saving: 'Saving…',
  saved: 'All changes saved',
  savedAt: (time: string) => `Saved at ${time}`,
  savedExceptCorrections: 'Saved, except answers that need a correction',
  retrying: (seconds: number) => `Not saved yet — retrying in ${seconds} s`,
  retryingNow: 'Not saved yet — retrying…',
  retryNow: 'Retry now',
  invalid: 'Some answers need a correction',
} as const;

const TIME = new Intl.DateTimeFormat(undefined, { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });

/** "10:42", the reader's local time. */
export const savedTime = (at: Date) => TIME.format(at);

/** Seconds left until `at`, re-rendered each second. */
function useCountdown(at: number | undefined): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (at === undefined) return;
    setNow(Date.now());
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [at]);
  return at === undefined ? 0 : Math.max(0, Math.ceil((at - now) / 1000));
}

/**
 * The autosave status beside the form's buttons: "Saving…", "All changes saved", "Saved at 10:42"
 * (what the server had when the form opened), or why not and when the next try is. A screen
 * reader is told only of trouble (not saved, a correction needed) and of the save that ends it:
 * announcing every answer's save interrupted the reading of the next question, and a countdown
 * each second.
 */
export function SaveStatus({
  status,
  savedAt,
  onRetry,
}: {
  status: AutosaveStatus;
  /** The server's last save when the form opened. */
  savedAt: string | null;
  onRetry(): void;
}) {
  const seconds = useCountdown(status.kind === 'retrying' ? status.retryAt : undefined);
  let tone: 'quiet' | 'good' | 'bad' = 'quiet';
  let text = '';
  switch (status.kind) {
    case 'idle':
      text = savedAt ? SAVE_TEXT.savedAt(savedTime(new Date(savedAt))) : '';
      break;
    case 'saving':
      text = SAVE_TEXT.saving;
      break;
    case 'saved':
      tone = 'good';
      text = status.withCorrections ? SAVE_TEXT.savedExceptCorrections : SAVE_TEXT.saved;
      break;
    case 'retrying':
      tone = 'bad';
      text = seconds > 0 ? SAVE_TEXT.retrying(seconds) : SAVE_TEXT.retryingNow;
      break;
    case 'invalid':
      tone = 'bad';
      text = SAVE_TEXT.invalid;
      break;
    case 'stopped':
      tone = 'bad';
      text = status.message;
      break;
  }
  const colour = tone === 'bad' ? 'text-red-800' : tone === 'good' ? 'text-green-800' : 'text-slate-600';
  const spoken = useSpokenStatus(status, tone === 'bad', text);
  return (
    <div className={`flex flex-wrap items-center gap-x-3 gap-y-1 text-sm ${colour}`}>
      <p role="status" className="sr-only">
        {spoken}
      </p>
      <p className="flex items-center gap-1.5">
        {text ? (
          <Icon
            name={
              tone === 'bad'
                ? 'circle-alert'
                : status.kind === 'saving'
                  ? 'loader-circle'
                  : tone === 'good'
                    ? 'circle-check'
                    : 'check'
            }
            className={`size-4 ${status.kind === 'saving' ? 'motion-safe:animate-spin' : ''}`}
          />
        ) : (
          <span className="size-4" />
        )}
        {/* As wide as the longest quiet status (an invisible copy, not in the page's text), so Continue
            beside it keeps its width as "Saving…" becomes "All changes saved" (walk G). */}
        <span
          data-reserve={SAVE_TEXT.saved}
          className="grid after:invisible after:col-start-1 after:row-start-1 after:content-[attr(data-reserve)]"
        >
          <span className="col-start-1 row-start-1">{text}</span>
        </span>
      </p>
      {status.kind === 'retrying' ? (
        <button type="button" onClick={onRetry} className="font-semibold text-brand-700 underline underline-offset-4">
          {SAVE_TEXT.retryNow}
        </button>
      ) : null}
    </div>
  );
}

/** What the live region says: trouble as it starts (without the countdown), then the save that ends it. */
function useSpokenStatus(status: AutosaveStatus, bad: boolean, text: string): string {
  const [spoken, setSpoken] = useState('');
  const troubled = useRef(false);
  const said = bad ? (status.kind === 'retrying' ? SAVE_TEXT.retryingNow : text) : text;
  useEffect(() => {
    if (bad) {
      troubled.current = true;
      setSpoken(said);
    } else if (status.kind === 'saved' && troubled.current) {
      troubled.current = false;
      setSpoken(said);
    }
  }, [bad, status.kind, said]);
  return spoken;
}
