import { Form, useLocation } from 'react-router';

/**
 * The search box of a back-office list: a GET form, so the search is part of the URL and the
 * loader does it on the server. The other parameters (filters, sort) are kept; paging restarts.
 */
export function TableSearch({ label, value, placeholder }: { label: string; value?: string; placeholder?: string }) {
  const { search } = useLocation();
  const kept = [...new URLSearchParams(search)].filter(([key]) => key !== 'q' && key !== 'page');
  return (
    <Form method="get" role="search" className="flex flex-wrap items-end gap-2">
      {kept.map(([key, kept]) => (
        <input key={key} type="hidden" name={key} value={kept} />
      ))}
      <label className="flex flex-col gap-1 text-sm font-medium text-slate-800">
        {label}
        <input
          type="search"
          name="q"
          defaultValue={value ?? ''}
          placeholder={placeholder}
          className="w-72 max-w-full rounded-lg border border-slate-300 px-3 py-2 font-normal"
        />
      </label>
      <button
        type="submit"
        className="rounded-lg bg-brand-600 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-700"
      >
        Search
      </button>
    </Form>
  );
}
