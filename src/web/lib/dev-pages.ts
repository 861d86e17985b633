import { data, type RouterContextProvider } from 'react-router';
import { appContext } from './app-context.ts';

/**
 * The development pages' guard (/dev/crash, /dev/form-preview): they answer under `npm run dev`
 * and on the test suites' servers, which may render with the production build of React
 * (decision 0123-e2e-cpu), and are a plain 404 everywhere else.
 */
export function requireDevPages(context: Readonly<RouterContextProvider>): void {
  if (!context.get(appContext).devPages) throw data(null, { status: 404 });
}

/** What /dev/crash throws: the one failure the end-to-end suite causes on the server on purpose. */
export const DELIBERATE_CRASH_MESSAGE = 'Deliberate crash to exercise the error boundary';
