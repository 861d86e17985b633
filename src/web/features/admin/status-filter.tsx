import { Link, useLocation } from 'react-router';
import { withListParams } from './list-params.ts';

/**
 * The links above a back-office list that narrow it to one status ('' for all): part of the URL,
 * like its paging and search, so every view has an address; the current one is marked.
 */
export function StatusFilter({
  label,
  filters,
  current,
}: {
  label: string;
  filters: readonly { value: string; label: string }[];
  current: string | undefined;
}) {
  const { search } = useLocation();
  return (
    <nav aria-label={label} className="flex flex-wrap gap-2 text-sm">
      {filters.map((filter) => {
        const selected = (current ?? '') === filter.value;
        return (
          <Link
            key={filter.value}
            to={withListParams(search, { status: filter.value })}
            aria-current={selected ? 'page' : undefined}
            className={`rounded-full border px-3 py-1 ${selected ? 'border-brand-600 bg-brand-50 font-semibold text-brand-800' : 'border-slate-300 text-slate-700 hover:bg-slate-100'}`}
          >
            {filter.label}
          </Link>
        );
      })}
    </nav>
  );
}
