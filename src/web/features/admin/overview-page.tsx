import { Link } from 'react-router';
import type { UserRole } from '../../../domain/users/profile.ts';
import { sectionsFor } from './sections.ts';

/** /admin: where each section of the back office is, for this role. */
export function OverviewPage({ name, role }: { name: string; role: UserRole }) {
  const sections = sectionsFor(role).slice(1);
  return (
    <section aria-labelledby="admin-title" className="flex flex-col gap-4">
      <h1 id="admin-title" className="text-2xl font-bold text-slate-900">
        Back office
      </h1>
      <p className="text-slate-700">
        Signed in as {name} ({role}). Every change you make here is recorded in the audit log.
      </p>
      <ul className="grid gap-3 sm:grid-cols-2 desk:grid-cols-3">
        {sections.map((section) => (
          <li key={section.to}>
            <Link
              to={section.to}
              className="block rounded-xl border border-slate-200 bg-white p-4 font-semibold text-brand-800 hover:border-brand-300 hover:bg-brand-50"
            >
              {section.label}
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
