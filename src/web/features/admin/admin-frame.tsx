import { useEffect, useRef } from 'react';
import { NavLink, useLocation } from 'react-router';
import { ROUTES } from '../../../domain/config/routes.ts';
import type { UserRole } from '../../../domain/users/profile.ts';
import { sectionsFor } from './sections.ts';

/** The back office around every /admin page: its navigation by role, then the page. */
export function AdminFrame({ role, children }: { role: UserRole; children: React.ReactNode }) {
  const tabs = useRef<HTMLUListElement>(null);
  const { pathname } = useLocation();
  // Below the desk width the sections are one row that scrolls sideways: the current one is
  // brought into it, or staff on a phone open Refunds and see Overview…Photo checks, not where they are.
  // biome-ignore lint/correctness/useExhaustiveDependencies: each new page is the reason (the list stays mounted).
  useEffect(() => {
    const list = tabs.current;
    const current = list?.querySelector<HTMLElement>('[aria-current="page"]');
    if (!list || !current || list.scrollWidth <= list.clientWidth) return;
    list.scrollLeft = current.offsetLeft - (list.clientWidth - current.offsetWidth) / 2;
  }, [pathname]);
  return (
    <div data-back-office className="page-x flex flex-col gap-6 py-6 desk:flex-row desk:gap-10 desk:py-10">
      <nav aria-label="Back office" className="shrink-0 desk:w-52">
        <p className="mb-2 text-xs font-semibold tracking-wide text-slate-600 uppercase">
          Back office · {role === 'admin' ? 'Admin' : 'Staff'}
        </p>
        <ul ref={tabs} className="relative flex gap-1 overflow-x-auto pb-1 desk:flex-col desk:overflow-visible">
          {sectionsFor(role).map((section) => (
            <li key={section.to}>
              <NavLink
                to={section.to}
                end={section.to === ROUTES.ADMIN}
                className={({ isActive }) =>
                  `block rounded-lg px-3 py-2 text-sm whitespace-nowrap ${
                    isActive ? 'bg-brand-50 font-semibold text-brand-800' : 'text-slate-700 hover:bg-slate-100'
                  }`
                }
              >
                {section.label}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <div className="min-w-0 flex-1">{children}</div>
    </div>
  );
}
