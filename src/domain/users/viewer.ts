import type { AgeGroup, UserRole } from './profile.ts';

/**
 * The signed-in user as the web app sees it (the root loader's `user`), or null for a visitor.
 * Small on purpose: it travels in every server-rendered page's data.
 */
export interface Viewer {
  id: number;
  name: string;
  email: string;
  role: UserRole;
  ageGroup: AgeGroup | null;
  isDashboardVisible: boolean;
  /** When this session signed in (ms since the epoch): the 90/120-minute timers count from here. */
  loginTime: number;
  /** When the server ends this session at the latest (ms since the epoch). */
  expiresAt: number;
}
