import { type ColumnDef, flexRender, getCoreRowModel, type SortingState, useReactTable } from '@tanstack/react-table';
import { Link, useLocation } from 'react-router';
import type { AdminListQuery } from '../../../domain/admin/list-query.ts';
import type { ListData } from '../../../domain/api/envelope.ts';
import { withListParams } from './list-params.ts';

interface DataTableProps<Row> {
  /** Names the table for screen readers (its caption, visually hidden). */
  caption: string;
  /** Column ids that may be sorted must be the sort keys of the list's query schema. */
  // biome-ignore lint/suspicious/noExplicitAny: TanStack's column values differ per column.
  columns: ColumnDef<Row, any>[];
  list: ListData<Row>;
  query: AdminListQuery;
  /** What an empty page says (no rows at all, or none matching the search). */
  empty: string;
  rowId: (row: Row) => string;
}

/**
 * A back-office table (DESIGN.md §2b: TanStack Table v8, server-side paging, sorting and
 * filtering). The server has already paged and sorted `list`; headers and pager are links that
 * change the URL, and the page's loader reads the new query.
 */
export function DataTable<Row>({ caption, columns, list, query, empty, rowId }: DataTableProps<Row>) {
  const { search } = useLocation();
  const sorting: SortingState = [{ id: query.sort, desc: query.dir === 'desc' }];
  const table = useReactTable({
    data: list.results,
    columns,
    getRowId: rowId,
    getCoreRowModel: getCoreRowModel(),
    manualPagination: true,
    manualSorting: true,
    manualFiltering: true,
    rowCount: list.totalCount,
    state: { sorting, pagination: { pageIndex: list.page - 1, pageSize: list.limit } },
  });
  const pages = Math.max(1, Math.ceil(list.totalCount / list.limit));
  const first = list.totalCount === 0 ? 0 : (list.page - 1) * list.limit + 1;
  const last = Math.min(list.totalCount, list.page * list.limit);
  // A page past the last (a reloaded later page once rows left the filter): its rows are on earlier pages.
  const pastLast = list.results.length === 0 && list.page > pages;

  return (
    <div>
      <div className="overflow-x-auto rounded-xl border border-slate-200 bg-white">
        <table className="w-full text-left text-sm">
          <caption className="sr-only">{caption}</caption>
          <thead className="bg-slate-50 text-slate-700">
            {table.getHeaderGroups().map((group) => (
              <tr key={group.id}>
                {group.headers.map((header) => {
                  const sortable = header.column.getCanSort() && header.column.columnDef.enableSorting === true;
                  const sorted = query.sort === header.column.id ? query.dir : null;
                  const label = flexRender(header.column.columnDef.header, header.getContext());
                  return (
                    <th
                      key={header.id}
                      scope="col"
                      className="px-3 py-2 font-semibold whitespace-nowrap"
                      aria-sort={sorted === 'asc' ? 'ascending' : sorted === 'desc' ? 'descending' : undefined}
                    >
                      {sortable ? (
                        <Link
                          className="inline-flex items-center gap-1 hover:text-brand-700 hover:underline"
                          to={withListParams(search, {
                            sort: header.column.id,
                            dir: sorted === 'desc' ? 'asc' : 'desc',
                          })}
                        >
                          {label}
                          <span aria-hidden="true">{sorted === 'asc' ? '▲' : sorted === 'desc' ? '▼' : '↕'}</span>
                        </Link>
                      ) : (
                        label
                      )}
                    </th>
                  );
                })}
              </tr>
            ))}
          </thead>
          <tbody className="divide-y divide-slate-100">
            {table.getRowModel().rows.map((row) => (
              <tr key={row.id} className="align-top">
                {row.getVisibleCells().map((cell) => (
                  <td key={cell.id} className="px-3 py-2">
                    {flexRender(cell.column.columnDef.cell, cell.getContext())}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
        {/*
          Below the table, not in a row spanning its columns: that row is centred on the table's
          whole width, wider than a phone's screen, so the message was cut off. Sticky, it stays in
          view when the table is scrolled sideways.
        */}
        {pastLast ? (
          <p className="sticky left-0 px-3 py-8 text-center text-slate-600">
            There is no page {list.page}: the list has {pages === 1 ? 'one page' : `${pages} pages`}.{' '}
            <Link to={withListParams(search, { page: pages })} className="font-medium text-brand-700 underline">
              Go to page {pages}
            </Link>
          </p>
        ) : (
          list.results.length === 0 && <p className="sticky left-0 px-3 py-8 text-center text-slate-600">{empty}</p>
        )}
      </div>
      <nav aria-label={`${caption} pages`} className="mt-3 flex flex-wrap items-center justify-between gap-3 text-sm">
        <p className="text-slate-700" aria-live="polite">
          {list.totalCount === 0
            ? 'No results'
            : pastLast
              ? `${list.totalCount} in all`
              : `${first}–${last} of ${list.totalCount}`}{' '}
          · Page {list.page} of {pages}
        </p>
        <div className="flex gap-2">
          <PagerLink
            to={withListParams(search, { page: pastLast ? pages : list.page - 1 })}
            disabled={list.page <= 1}
            rel="prev"
          >
            Previous
          </PagerLink>
          <PagerLink to={withListParams(search, { page: list.page + 1 })} disabled={list.page >= pages} rel="next">
            Next
          </PagerLink>
        </div>
      </nav>
    </div>
  );
}

function PagerLink({
  to,
  disabled,
  rel,
  children,
}: {
  to: string;
  disabled: boolean;
  rel: string;
  children: React.ReactNode;
}) {
  const className = 'rounded-lg border border-slate-300 px-3 py-1.5 font-medium';
  if (disabled) {
    return (
      <span aria-disabled="true" className={`${className} text-slate-400`}>
        {children}
      </span>
    );
  }
  return (
    <Link to={to} rel={rel} className={`${className} text-slate-800 hover:bg-slate-100`}>
      {children}
    </Link>
  );
}
