import type { PublicConfig } from '../../contracts/load-context.ts';
import type { Viewer } from '../../domain/users/viewer.ts';
import type { SessionUser } from './stores/session-store.ts';

/**
 * The root route's loader data (root.tsx), which every page has: features read it with
 * `useRouteLoaderData<RootData>('root')` without importing root.tsx or the shell.
 */
export interface RootData {
  publicConfig: PublicConfig;
  navServices: NavService[];
  /** The signed-in user (from the httpOnly session cookie), or null for a visitor. */
  user: Viewer | null;
}

/** A service in the header's menus. */
export interface NavService {
  id: number;
  name: string;
  slug: string;
}

/** The signed-in user as the session runtime keeps it: the session store's user and the sign-in time. */
export interface RootUser extends SessionUser {
  loginTime: number;
}
