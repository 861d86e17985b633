import { Link, useRouteLoaderData } from 'react-router';
import { PHOTO_ORDER_PATH, ROUTES } from '../../../../domain/config/routes.ts';
import { Icon } from '../../../components/ui/icon.tsx';
import type { RootData } from '../../../lib/root-data.ts';

export const START_LABEL = 'Start your photo order';

interface StartPhotoOrderProps {
  /** Opens Sign Up, or Sign In, in photo-order mode (the route composes the auth feature's dialog). */
  onVisitorOpen(kind: 'signup' | 'signin'): void;
  /** On the dark closing band. */
  onDark?: boolean;
  /** The button's words (the check's verdict says "Order this photo"). */
  label?: string;
  /** Beside another action that leads (a failed check's "Check another photo"): outlined. */
  secondary?: boolean;
}

/** `/signup?redirect=…`: where the links lead without JavaScript, or opened in a new tab. */
const authHref = (path: string) => `${path}?${new URLSearchParams({ redirect: PHOTO_ORDER_PATH })}`;

/**
 * The page's call to action. A signed-in customer goes straight to the photo order; a visitor gets
 * Sign Up (or Sign In) in photo-order mode, which goes on to the photo order (SPEC.md §4).
 */
export function StartPhotoOrder({
  onVisitorOpen,
  onDark = false,
  label = START_LABEL,
  secondary = false,
}: StartPhotoOrderProps) {
  const signedIn = Boolean(useRouteLoaderData<RootData>('root')?.user);
  const primary = onDark
    ? 'btn-primary bg-white text-brand-800 hover:bg-brand-50'
    : secondary
      ? 'btn-outline'
      : 'btn-primary';
  if (signedIn) {
    return (
      <Link to={PHOTO_ORDER_PATH} className={primary}>
        {label}
        <Icon name="arrow-right" />
      </Link>
    );
  }
  const open = (kind: 'signup' | 'signin') => (event: React.MouseEvent) => {
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    onVisitorOpen(kind);
  };
  return (
    <div className="flex flex-col items-start gap-3">
      <a href={authHref(ROUTES.SIGN_UP)} onClick={open('signup')} className={primary}>
        {label}
        <Icon name="arrow-right" />
      </a>
      <p className={onDark ? 'text-sm text-brand-100' : 'text-sm text-slate-700'}>
        Already have an account?{' '}
        <a
          href={authHref(ROUTES.SIGN_IN)}
          onClick={open('signin')}
          className={`font-semibold underline underline-offset-2 ${onDark ? 'text-white' : 'text-brand-700'}`}
        >
          Sign in
        </a>
      </p>
    </div>
  );
}
