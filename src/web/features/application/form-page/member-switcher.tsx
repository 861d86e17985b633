import { useEffect, useRef } from 'react';
import type { MemberChecklist } from '../../../../domain/applications/documents.ts';
import { MEMBER_FORM_DONE, type Member, stepOfSteps } from '../../../../domain/applications/members.ts';
import { Icon } from '../../../components/ui/icon.tsx';
import type { IconName } from '../../../components/ui/icon-names.ts';
import { inPageLink } from './in-page-link.ts';

export const SWITCHER_TEXT = {
  label: 'Members of this application',
  reviewed: MEMBER_FORM_DONE,
  documents: (uploaded: number, total: number) => `${uploaded} of ${total} documents`,
  review: 'Review all',
  reviewProgress: 'Answers and documents',
} as const;

/** "Step 2 of 7", "Answers complete", or (a documents-only package) "1 of 3 documents". */
export function memberProgress(member: Member, checklist: MemberChecklist | undefined): string {
  const { currentStep, totalSteps, reviewed } = member.progress;
  if (totalSteps === null) {
    const required = checklist?.items.filter((i) => i.required) ?? [];
    return SWITCHER_TEXT.documents(required.filter((i) => i.uploaded).length, required.length);
  }
  return reviewed ? SWITCHER_TEXT.reviewed : stepOfSteps(currentStep, totalSteps);
}

export interface SwitcherEntry {
  key: string;
  title: string;
  detail: string;
  done: boolean;
  current: boolean;
  href: string;
  onOpen(): void;
  /** In place of the initial. */
  icon?: IconName;
}

/**
 * Whose form is open (issue 10 point 3): every member with Minor/Adult and their progress, the
 * open one marked (aria-current), and the review last. A row that scrolls sideways on phones.
 */
export function MemberSwitcher({ entries }: { entries: SwitcherEntry[] }) {
  const nav = useRef<HTMLElement>(null);
  const current = entries.find((entry) => entry.current)?.key;
  // The open member's chip is brought into the row's view (a walk's "Rahul Sharn" was cut at the
  // screen's edge): the row scrolls sideways, the page not at all.
  useEffect(() => {
    if (current !== undefined && nav.current) showCurrentChip(nav.current);
  }, [current]);
  return (
    <nav ref={nav} aria-label={SWITCHER_TEXT.label} className="-mx-4 overflow-x-auto px-4 pb-1 sm:-mx-6 sm:px-6">
      <ul className="flex min-w-max gap-2 desk:min-w-0 desk:flex-wrap">
        {entries.map((entry) => (
          <li key={entry.key}>
            <a
              href={entry.href}
              aria-current={entry.current ? 'true' : undefined}
              onClick={inPageLink(() => entry.onOpen())}
              className="flex max-w-64 items-center gap-3 rounded-2xl border border-slate-200 bg-white px-4 py-2.5 text-left hover:border-brand-300 aria-[current=true]:border-brand-600 aria-[current=true]:bg-brand-50 aria-[current=true]:ring-1 aria-[current=true]:ring-brand-600"
            >
              <span
                aria-hidden="true"
                className={`inline-flex size-8 shrink-0 items-center justify-center rounded-full text-sm font-bold ${
                  entry.done ? 'bg-green-100 text-green-800' : 'bg-slate-100 text-slate-700'
                }`}
              >
                {entry.done || entry.icon ? (
                  <Icon name={entry.done ? 'check' : (entry.icon ?? 'check')} className="size-4" />
                ) : (
                  entry.title.slice(0, 1)
                )}
              </span>
              <span className="min-w-0">
                <span className="block truncate font-semibold text-slate-900">{entry.title}</span>
                <span className="block text-sm text-slate-600">{entry.detail}</span>
              </span>
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** Room kept beside a chip scrolled into view, in px (the row's own padding on a phone). */
const CHIP_MARGIN_PX = 16;

/** Scrolls the row sideways just enough for its `aria-current` chip to be wholly in view. */
function showCurrentChip(row: HTMLElement) {
  const chip = row.querySelector('[aria-current="true"]');
  if (!chip) return;
  const shown = row.getBoundingClientRect();
  const at = chip.getBoundingClientRect();
  if (at.right > shown.right) row.scrollLeft += at.right - shown.right + CHIP_MARGIN_PX;
  else if (at.left < shown.left) row.scrollLeft = Math.max(0, row.scrollLeft - (shown.left - at.left + CHIP_MARGIN_PX));
}
