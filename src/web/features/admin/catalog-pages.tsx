import { createColumnHelper } from '@tanstack/react-table';
import { Link, useNavigate } from 'react-router';
import type { AdminAddonPrice, AdminService, AdminServiceRow } from '../../../domain/admin/catalog.ts';
import type { AdminFaq } from '../../../domain/admin/catalog-content.ts';
import type { AdminListQuery } from '../../../domain/admin/list-query.ts';
import { ADMIN_ROUTES } from '../../../domain/config/admin-routes.ts';
import { FaqList, PackageTextList, StepList, TimelineList } from './catalog-content-forms.tsx';
import { NewPackageForm, NewPriceForm, NewServiceForm, ParametersForm, RemoveForm } from './catalog-create-forms.tsx';
import { AddonPriceForm, choiceLabel, PackageForm, PriceForm, ServiceForm } from './catalog-forms.tsx';
import { DataTable } from './data-table.tsx';

const column = createColumnHelper<AdminServiceRow>();
const columns = [
  column.accessor('name', {
    header: 'Service',
    cell: ({ row }) => (
      <Link to={`${ADMIN_ROUTES.CATALOG}/${row.original.id}`} className="font-semibold text-brand-800 underline">
        {row.original.name}
      </Link>
    ),
  }),
  column.accessor('brand', { header: 'Brand' }),
  column.accessor('packageCount', { header: 'Packages' }),
  column.accessor('isActive', { header: 'On the site', cell: (info) => (info.getValue() ? 'Yes' : 'No') }),
  column.accessor('summary', {
    header: 'Summary',
    cell: (info) => <span className="line-clamp-2">{info.getValue()}</span>,
  }),
];

/** The whole list on one page: a catalog has a dozen services. */
const WHOLE: AdminListQuery = { page: 1, limit: 100, sort: 'name', dir: 'asc' };

/** /admin/catalog: every service (to open and edit), the add-on prices and the general FAQs. */
export function CatalogPage({
  services,
  addonPrices,
  generalFaqs,
}: {
  services: AdminServiceRow[];
  addonPrices: AdminAddonPrice[];
  generalFaqs: AdminFaq[];
}) {
  return (
    <section aria-labelledby="catalog-title" className="flex flex-col gap-6">
      <h1 id="catalog-title" className="text-2xl font-bold text-slate-900">
        Catalog
      </h1>
      <p className="text-slate-700">
        Services, packages, prices per country, steps, timelines and FAQs. A saved change shows on the public pages at
        once and is recorded in the audit log. Removing a service or package that orders name takes it off the site and
        keeps it.
      </p>
      <DataTable
        caption="Services"
        columns={columns}
        list={{ results: services, totalCount: services.length, page: 1, limit: 100 }}
        query={WHOLE}
        empty="No services yet."
        rowId={(row) => String(row.id)}
      />
      <NewServiceForm />
      <section aria-labelledby="addons-title" className="flex flex-col gap-4">
        <h2 id="addons-title" className="text-xl font-bold text-slate-900">
          Add-on prices
        </h2>
        <div className="grid gap-4 sm:grid-cols-2 desk:grid-cols-3">
          {addonPrices.map((row) => (
            <AddonPriceForm key={row.id} row={row} />
          ))}
        </div>
      </section>
      <section aria-labelledby="general-faqs-title" className="flex flex-col gap-4">
        <h2 id="general-faqs-title" className="text-xl font-bold text-slate-900">
          General FAQs
        </h2>
        <p className="text-slate-700">The FAQ page's own questions, shown before each service's.</p>
        <FaqList serviceId={null} faqs={generalFaqs} owner="General" />
      </section>
    </section>
  );
}

/** /admin/catalog/:serviceId: the service's texts, its packages with their prices, timelines, steps and FAQs. */
export function CatalogServicePage({ service }: { service: AdminService }) {
  const ownSteps = (packageId: number | null) => service.steps.filter((s) => s.packageId === packageId);
  const navigate = useNavigate();
  return (
    <section aria-labelledby="service-title" className="flex flex-col gap-8">
      <div>
        <Link to={ADMIN_ROUTES.CATALOG} className="text-brand-800 underline">
          Back to the catalog
        </Link>
        <h1 id="service-title" className="mt-2 text-2xl font-bold text-slate-900">
          {service.name}
        </h1>
        <p className="text-slate-700">
          Public page:{' '}
          <a href={`/${service.slug}`} className="text-brand-800 underline">
            /{service.slug}
          </a>
        </p>
      </div>
      <ServiceForm service={service} />
      <RemoveForm
        prefix={`remove-service-${service.id}`}
        url={`/admin/catalog/services/${service.id}`}
        title={`Remove ${service.name}`}
        label="Remove service"
        after={() => navigate(ADMIN_ROUTES.CATALOG)}
      />
      <ParametersForm service={service} />

      <section aria-labelledby="packages-title" className="flex flex-col gap-6">
        <h2 id="packages-title" className="text-xl font-bold text-slate-900">
          Packages
        </h2>
        {service.packages.map((pkg) => (
          <section
            key={pkg.id}
            aria-labelledby={`package-${pkg.id}-title`}
            className="flex flex-col gap-4 rounded-2xl border border-slate-200 p-4"
          >
            <h3 id={`package-${pkg.id}-title`} className="text-lg font-semibold text-slate-900">
              {pkg.name}
            </h3>
            <PackageForm pkg={pkg} />
            <RemoveForm
              prefix={`remove-package-${pkg.id}`}
              url={`/admin/catalog/packages/${pkg.id}`}
              title={`Remove ${pkg.name}`}
              label="Remove package"
            />
            {pkg.prices.length ? (
              pkg.prices.map((price) => (
                <div key={price.id} className="flex flex-col gap-2">
                  <PriceForm price={price} />
                  <RemoveForm
                    prefix={`remove-price-${price.id}`}
                    url={`/admin/catalog/prices/${price.id}`}
                    title={`Remove the price ${choiceLabel(price)} (${price.currency})`}
                    label="Remove price"
                  />
                </div>
              ))
            ) : (
              <p className="text-slate-700">No prices: the package is not offered.</p>
            )}
            <NewPriceForm service={service} pkg={pkg} />
            <section aria-labelledby={`package-${pkg.id}-texts`} className="flex flex-col gap-4">
              <h4 id={`package-${pkg.id}-texts`} className="font-semibold text-slate-900">
                Texts per country
              </h4>
              <p className="text-sm text-slate-700">
                Description, processing time, fee note, features or documents true for one country only.
              </p>
              <PackageTextList pkg={pkg} service={service} />
            </section>
            <section aria-labelledby={`package-${pkg.id}-timeline`} className="flex flex-col gap-4">
              <h4 id={`package-${pkg.id}-timeline`} className="font-semibold text-slate-900">
                Timeline
              </h4>
              <TimelineList pkg={pkg} service={service} />
            </section>
            <section aria-labelledby={`package-${pkg.id}-steps`} className="flex flex-col gap-4">
              <h4 id={`package-${pkg.id}-steps`} className="font-semibold text-slate-900">
                This package's own steps and sections
              </h4>
              <p className="text-sm text-slate-700">
                Own steps replace the service's steps on this package's page; own sections are added to the service's.
              </p>
              <StepList
                serviceId={service.id}
                packageId={pkg.id}
                steps={ownSteps(pkg.id)}
                owner={`${pkg.name} package`}
                service={service}
              />
            </section>
          </section>
        ))}
        <NewPackageForm serviceId={service.id} />
      </section>

      <section aria-labelledby="steps-title" className="flex flex-col gap-4">
        <h2 id="steps-title" className="text-xl font-bold text-slate-900">
          Steps and process sections
        </h2>
        <p className="text-slate-700">Shown on the service page and on every package without its own.</p>
        <StepList
          serviceId={service.id}
          packageId={null}
          steps={ownSteps(null)}
          owner={service.name}
          service={service}
        />
      </section>

      <section aria-labelledby="faqs-title" className="flex flex-col gap-4">
        <h2 id="faqs-title" className="text-xl font-bold text-slate-900">
          FAQs
        </h2>
        <FaqList serviceId={service.id} faqs={service.faqs} owner={service.name} service={service} />
      </section>
    </section>
  );
}
