import type { AppContextValue } from '../../contracts/load-context.ts';

/** Who is sending a form: the network address (for the forms' rate limits) and the signed-in user's id. */
export function requestFacts(app: AppContextValue): { ip: string | null; userId: number | null } {
  return { ip: app.clientIp ?? null, userId: app.viewer?.id ?? null };
}
