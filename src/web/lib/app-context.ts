import { createContext } from 'react-router';
import type { Viewer } from '../../domain/users/viewer.ts';
import type { Services } from '../../server/services.ts';

/** Values the browser may see (DESIGN.md §1: an explicit allow-list). */
export interface PublicConfig {
  siteUrl: string;
  tollFreeNumber: string;
  supportEmail: string;
  whatsappNumber: string;
  blogUrl: string;
  /** reCAPTCHA v3 site key; null when the human check is off (then skip the script; POST /api/hello still answers success). */
  recaptchaSiteKey: string | null;
}

export interface AppContextValue {
  services: Services;
  publicConfig: PublicConfig;
  /** The signed-in user of this request (from the session cookie), or null. */
  viewer: Viewer | null;
  /** The network address of this request (the public forms' rate limits use it). */
  clientIp: string | null;
  /** Whether e-mails are kept in the dev mailbox (the embedded mode without SMTP). */
  devMailbox: boolean;
  /** A request from this machine itself, not relayed by a proxy (the dev mailbox's audience). */
  fromThisMachine: boolean;
}

/**
 * The server hands loaders the modules' services through this key. The server reads the key
 * from the built entry module (entry.server.tsx re-exports it), so both sides hold the same
 * object even though the server runs outside the Vite bundle.
 */
export const appContext = createContext<AppContextValue>();
