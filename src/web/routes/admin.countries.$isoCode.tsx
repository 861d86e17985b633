import { data } from 'react-router';
import { CountryEditPage } from '../features/admin/countries-page.tsx';
import { appContext } from '../lib/app-context.ts';
import { PRIVATE_HEADERS, requireStaff } from '../lib/viewer.ts';
import type { Route } from './+types/admin.countries.$isoCode';

/** Admins only: one country's name and dial code (decision 0076). */
export async function loader({ context, request, params }: Route.LoaderArgs) {
  requireStaff(context, request, 'admin');
  const isoCode = params.isoCode.toUpperCase();
  const country = (await context.get(appContext).services.countries.list()).find((c) => c.isoCode === isoCode);
  if (!country) throw data('Country not found', { status: 404 });
  return { country };
}

export function headers(): HeadersInit {
  return PRIVATE_HEADERS;
}

export const meta: Route.MetaFunction = ({ loaderData: loaded }) => [
  { title: `${loaded?.country.name ?? 'Country'} | Countries | Back office | SevaDocs` },
];

export default function AdminCountryEditRoute({ loaderData }: Route.ComponentProps) {
  // A new key per country: the form's fields start from its saved values.
  const { country } = loaderData;
  return <CountryEditPage key={country.isoCode} country={country} />;
}
