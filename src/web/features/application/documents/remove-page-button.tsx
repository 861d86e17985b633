import { useId, useState } from 'react';
import type { DocumentView } from '../../../../domain/applications/documents.ts';
import { Icon } from '../../../components/ui/icon.tsx';
import { useQuestionInPlace } from './use-question-in-place.ts';

export const REMOVE_PAGE_TEXT = {
  /** Decision 0197: a wrong or blurred page of a file assembled here, taken out without starting again. */
  button: 'Remove a page',
  which: (name: string) => `Which page of ${name} should be removed? “Open” shows its pages.`,
  page: 'Page',
  confirm: (page: number) => `Remove page ${page}`,
  keep: 'Keep it',
} as const;

/**
 * "Remove a page" for a file whose pages were added here: the page is chosen in place (a native
 * select, a phone's own picker), then removed; the refusal (if any) is said by the caller. The
 * choice takes the focus when asked, and gives it back to the button when kept.
 */
export function RemovePageButton({
  document,
  onRemove,
}: {
  document: DocumentView & { pages: number };
  onRemove(page: number): Promise<void>;
}) {
  const id = useId();
  const question = useQuestionInPlace<HTMLSelectElement>();
  const [page, setPage] = useState(document.pages);
  if (!question.asking) {
    return (
      <button
        ref={question.button}
        type="button"
        onClick={() => {
          // The last page by default: the one just added is the likeliest wrong one.
          setPage(document.pages);
          question.setAsking(true);
        }}
        className="btn-outline px-4 py-2 text-sm"
        aria-label={`${REMOVE_PAGE_TEXT.button} of ${document.name}`}
      >
        <Icon name="minus" className="size-4" />
        {REMOVE_PAGE_TEXT.button}
      </button>
    );
  }
  return (
    <fieldset
      aria-label={`${REMOVE_PAGE_TEXT.button} of ${document.name}`}
      className="w-full rounded-xl bg-red-50 p-3"
      onKeyDown={question.onKeyDown}
    >
      <p className="text-sm break-words text-red-900">{REMOVE_PAGE_TEXT.which(document.name)}</p>
      <div className="mt-2 flex flex-wrap items-center gap-2">
        <label htmlFor={`${id}-page`} className="text-sm font-medium text-slate-900">
          {REMOVE_PAGE_TEXT.page}
        </label>
        <select
          ref={question.first}
          id={`${id}-page`}
          value={page}
          disabled={question.busy}
          onChange={(event) => setPage(Number(event.target.value))}
          className="min-h-10 rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm"
        >
          {Array.from({ length: document.pages }, (_, index) => index + 1).map((number) => (
            <option key={number} value={number}>
              {number}
            </option>
          ))}
        </select>
        <button
          type="button"
          disabled={question.busy}
          onClick={() => question.answer(() => onRemove(page))}
          className="btn-primary bg-red-700 px-4 py-2 text-sm hover:bg-red-800"
        >
          {REMOVE_PAGE_TEXT.confirm(page)}
        </button>
        <button type="button" onClick={() => question.setAsking(false)} className="btn-outline px-4 py-2 text-sm">
          {REMOVE_PAGE_TEXT.keep}
        </button>
      </div>
    </fieldset>
  );
}
