import { createColumnHelper } from '@tanstack/react-table';
import { Link } from 'react-router';
import { countryEditSchema } from '../../../domain/admin/countries.ts';
import type { AdminListQuery } from '../../../domain/admin/list-query.ts';
import type { ListData } from '../../../domain/api/envelope.ts';
import { ADMIN_ROUTES } from '../../../domain/config/admin-routes.ts';
import type { Country } from '../../../domain/countries/country.ts';
import { TextField } from '../../components/ui/form-field.tsx';
import { AdminFormFooter, fieldText, useAdminForm } from './admin-form.tsx';
import { DataTable } from './data-table.tsx';
import { TableSearch } from './table-search.tsx';

const column = createColumnHelper<Country>();
const columns = [
  column.accessor('name', {
    header: 'Country',
    cell: ({ row }) => (
      <Link to={`${ADMIN_ROUTES.COUNTRIES}/${row.original.isoCode}`} className="font-semibold text-brand-800 underline">
        {row.original.name}
      </Link>
    ),
  }),
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

/** /admin/countries/:isoCode: a country's name and dial code; customers see a change at once. */
export function CountryEditPage({ country }: { country: Country }) {
  const form = useAdminForm(`country-${country.isoCode}`);
  return (
    <section aria-labelledby="country-title" className="flex flex-col gap-4">
      <div>
        <Link to={ADMIN_ROUTES.COUNTRIES} className="text-brand-800 underline">
          Back to the countries
        </Link>
        <h1 id="country-title" className="mt-2 text-2xl font-bold text-slate-900">
          {country.name} <code className="text-base text-slate-700">{country.isoCode}</code>
        </h1>
      </div>
      <p className="text-slate-700">
        The name and dial code customers see in the country pickers. The ISO code stays: prices, service countries,
        phones and addresses refer to it. Which countries a service offers is set on its catalog page.
      </p>
      <form
        noValidate
        aria-label={`${country.name}: country`}
        className="flex max-w-xl flex-col gap-4"
        onSubmit={(event) => {
          event.preventDefault();
          const data = new FormData(event.currentTarget);
          void form.send({
            method: 'PATCH',
            url: `/admin/countries/${country.isoCode}`,
            schema: countryEditSchema,
            body: { name: fieldText(data, form.id('name')), code: fieldText(data, form.id('code')) },
          });
        }}
      >
        <TextField name={form.id('name')} label="Name" defaultValue={country.name} error={form.error('name')} />
        <TextField
          name={form.id('code')}
          label="Dial code"
          hint="A plus sign and digits, e.g. +91"
          maxLength={7}
          autoComplete="off"
          defaultValue={country.code}
          error={form.error('code')}
        />
        <AdminFormFooter form={form} label="Save country" />
      </form>
    </section>
  );
}
