import { DELIBERATE_CRASH_MESSAGE, requireDevPages } from '../lib/dev-pages.ts';
import type { Route } from './+types/dev.crash';

/** Lets the end-to-end suite prove the error boundary; a plain 404 in production. */
export function loader({ context }: Route.LoaderArgs) {
  requireDevPages(context);
  return null;
}

export default function Crash(): never {
  throw new Error(DELIBERATE_CRASH_MESSAGE);
}
