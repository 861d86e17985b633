import { Link } from 'react-router';

interface PageHeaderProps {
  title: string;
  eyebrow?: string;
  lead?: React.ReactNode;
  /** Crumbs between Home and this page. */
  trail?: { label: string; to: string }[];
  children?: React.ReactNode;
}

/** The top of a content page: breadcrumb, eyebrow, the page's only h1 and its lead. */
export function PageHeader({ title, eyebrow, lead, trail = [], children }: PageHeaderProps) {
  return (
    <header className="border-b border-slate-200 bg-brand-50">
      <div className="page-x pt-8 pb-12 desk:pt-10 desk:pb-14">
        <nav aria-label="Breadcrumb" className="text-sm text-slate-600">
          <ol className="flex flex-wrap items-center gap-2">
            <li>
              <Link to="/" className="hover:text-brand-700 hover:underline">
                Home
              </Link>
            </li>
            {trail.map((crumb) => (
              <li key={crumb.to} className="flex items-center gap-2">
                <span aria-hidden="true">/</span>
                <Link to={crumb.to} className="hover:text-brand-700 hover:underline">
                  {crumb.label}
                </Link>
              </li>
            ))}
            <li className="flex items-center gap-2">
              <span aria-hidden="true">/</span>
              <span aria-current="page" className="font-medium text-slate-900">
                {title}
              </span>
            </li>
          </ol>
        </nav>
        <div className="mt-6 max-w-3xl">
          {eyebrow ? <p className="eyebrow">{eyebrow}</p> : null}
          <h1 className="mt-2 text-4xl leading-tight font-extrabold tracking-tight text-slate-900 sm:text-5xl">
            {title}
          </h1>
          {lead ? <div className="section-lead leading-relaxed">{lead}</div> : null}
          {children}
        </div>
      </div>
    </header>
  );
}
