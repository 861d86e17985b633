import { createColumnHelper } from '@tanstack/react-table';
import type { AdminListQuery } from '../../../domain/admin/list-query.ts';
import type { ListData } from '../../../domain/api/envelope.ts';
import type { Country } from '../../../domain/countries/country.ts';
import { DataTable } from './data-table.tsx';
import { TableSearch } from './table-search.tsx';

const column = createColumnHelper<Country>();
const columns = [
  column.accessor('name', { header: 'Country' }),
  column.accessor('isoCode', { header: 'ISO code', cell: (info) => <code>{info.getValue()}</code> }),
  column.accessor('code', { header: 'Dial code' }),
];

/** /admin/countries (SPEC.md §7): the country list in the order customers see it. */
export function CountriesPage({ list, query }: { list: ListData<Country>; query: AdminListQuery }) {
  return (
    <section aria-labelledby="countries-title" className="flex flex-col gap-4">
      <h1 id="countries-title" className="text-2xl font-bold text-slate-900">
        Countries
      </h1>
      <p className="text-slate-700">
        The countries customers pick from, India, the United States and Canada first, with their dial and ISO codes.
      </p>
      <TableSearch label="Name, ISO or dial code" value={query.q} placeholder="Canada" />
      <DataTable
        caption="Countries"
        columns={columns}
        list={list}
        query={query}
        empty="No country matches."
        rowId={(row) => row.isoCode}
      />
    </section>
  );
}
