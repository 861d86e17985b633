import { Link } from 'react-router';
import { PLATFORMS, type Platform } from '../../../domain/config/platform.ts';

/**
 * The mark and wordmark; goes home (SPEC.md §2 header). Pages under /photos are the SevaPhotos
 * brand's (DESIGN.md names): the wordmark says so there, and still goes to the company's home.
 * `inverted` is for dark backgrounds. Its classes are in app.css (every page's first load).
 */
export function Logo({ inverted = false, platform = PLATFORMS.docs }: { inverted?: boolean; platform?: Platform }) {
  const photos = platform === PLATFORMS.photos;
  return (
    <Link
      to="/"
      aria-label={photos ? 'SevaPhotos by SevaDocs: home' : 'SevaDocs home'}
      className={`inline-flex shrink-0 items-center gap-2 rounded-lg${inverted ? ' logo-inverted' : ''}`}
    >
      <img src={inverted ? '/logo-mark-inverted.svg' : '/favicon.svg'} alt="" width={36} height={36} />
      <span className="logo-wordmark">
        Seva<span>{photos ? 'Photos' : 'Docs'}</span>
      </span>
    </Link>
  );
}
