import { createContext } from 'react-router';
import type { Services } from '../../server/services.ts';

/** Values the browser may see (DESIGN.md §1: an explicit allow-list). */
export interface PublicConfig {
  siteUrl: string;
  tollFreeNumber: string;
  supportEmail: string;
  whatsappNumber: string;
  blogUrl: string;
}

export interface AppContextValue {
  services: Services;
  publicConfig: PublicConfig;
}

/**
 * The server hands loaders the modules' services through this key. The server reads the key
 * from the built entry module (entry.server.tsx re-exports it), so both sides hold the same
 * object even though the server runs outside the Vite bundle.
 */
export const appContext = createContext<AppContextValue>();
