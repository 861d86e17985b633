import { createContext, use } from 'react';
import type { RouterContextProvider } from 'react-router';

/**
 * The request's load context during server rendering (entry.server.tsx provides it), null in
 * the browser. Lets a page render data the server already holds without sending it again as
 * loader data: loader data travels in the HTML as JavaScript and counts against the first-load
 * budget (DESIGN.md §4).
 */
export const LoadContext = createContext<RouterContextProvider | null>(null);

export function useLoadContext(): RouterContextProvider | null {
  return use(LoadContext);
}
