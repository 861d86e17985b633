import { Link } from 'react-router';

/** The SevaDocs mark and wordmark; goes home. `inverted` is for dark backgrounds. */
export function Logo({ inverted = false }: { inverted?: boolean }) {
  return (
    <Link to="/" aria-label="SevaDocs home" className="inline-flex shrink-0 items-center gap-2 rounded-lg">
      <img src={inverted ? '/logo-mark-inverted.svg' : '/favicon.svg'} alt="" width={36} height={36} />
      <span className={`text-xl font-extrabold tracking-tight ${inverted ? 'text-white' : 'text-slate-900'}`}>
        Seva<span className={inverted ? 'text-brand-200' : 'text-brand-600'}>Docs</span>
      </span>
    </Link>
  );
}
