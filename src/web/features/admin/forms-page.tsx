import { Link } from 'react-router';
import type { AdminFormSummary } from '../../../domain/admin/forms.ts';
import { ADMIN_ROUTES } from '../../../domain/config/admin-routes.ts';

/** The package forms (admins): each form's newest version and whether a draft waits. */
export function FormsPage({ forms }: { forms: AdminFormSummary[] }) {
  return (
    <section aria-labelledby="forms-title" className="flex flex-col gap-4">
      <h1 id="forms-title" className="text-2xl font-bold text-slate-900">
        Forms
      </h1>
      <p className="text-slate-700">
        Edit a package's application form, preview it as customers will see it, and publish it as a new version. Orders
        already started keep the version they began with.
      </p>
      {/* On a phone the table scrolls sideways inside its box; the page itself never does. */}
      <div className="overflow-x-auto">
        <table className="w-full text-left text-sm">
          <caption className="sr-only">Package forms</caption>
          <thead>
            <tr className="border-b border-slate-200">
              <th scope="col" className="py-2 pr-4">
                Form
              </th>
              <th scope="col" className="py-2 pr-4">
                Version
              </th>
              <th scope="col" className="py-2 pr-4">
                Published by
              </th>
              <th scope="col" className="py-2 pr-4">
                Packages
              </th>
              <th scope="col" className="py-2">
                Draft
              </th>
            </tr>
          </thead>
          <tbody>
            {forms.map((form) => (
              <tr key={form.key} className="border-b border-slate-100">
                <td className="py-2 pr-4">
                  <Link
                    className="font-medium text-brand-700 hover:underline"
                    to={`${ADMIN_ROUTES.FORMS}/${form.packageIds[0]}`}
                  >
                    {form.title}
                  </Link>
                  <span className="block font-mono text-xs text-slate-500">{form.key}</span>
                </td>
                <td className="py-2 pr-4">{form.version}</td>
                <td className="py-2 pr-4">{form.source === 'admin' ? 'Back office' : 'Seed'}</td>
                <td className="py-2 pr-4">{form.packageIds.length}</td>
                <td className="py-2">{form.hasDraft ? 'Waiting' : '—'}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
