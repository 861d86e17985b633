import { Link } from 'react-router';
import { PLATFORMS, type Platform } from '../../../domain/config/platform.ts';

/**
 * The mark and wordmark; goes home (SPEC.md §2 header). Pages under /photos are the SevaPhotos
 * brand's (DESIGN.md names): the wordmark says so there, and still goes to the company's home.
 * `inverted` is for dark backgrounds.
 */
export function Logo({ inverted = false, platform = PLATFORMS.docs }: { inverted?: boolean; platform?: Platform }) {
  const photos = platform === PLATFORMS.photos;
  return (
    <Link
      to="/"
      aria-label={photos ? 'SevaPhotos by SevaDocs: home' : 'SevaDocs home'}
      className="inline-flex shrink-0 items-center gap-2 rounded-lg"
    >
      <img src={inverted ? '/logo-mark-inverted.svg' : '/favicon.svg'} alt="" width={36} height={36} />
      <span className={`text-xl font-extrabold tracking-tight ${inverted ? 'text-white' : 'text-slate-900'}`}>
        Seva<span className={inverted ? 'text-brand-200' : 'text-brand-600'}>{photos ? 'Photos' : 'Docs'}</span>
      </span>
    </Link>
  );
}
