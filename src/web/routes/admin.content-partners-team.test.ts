import { RouterContextProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { AppContextValue, LoaderServices } from '../../contracts/load-context.ts';
import type { Viewer } from '../../domain/users/viewer.ts';
import { appContext } from '../lib/app-context.ts';
import * as aboutRoute from './admin.content.about.tsx';
import * as partnerRoute from './admin.content.partners.$id.tsx';
import * as memberRoute from './admin.content.team-members.$id.tsx';

/** The back office's partner, team member and About text pages: admins only, private (decision 0075). */
const viewer = (role: Viewer['role']): Viewer => ({
  id: 1,
  name: 'Asha',
  email: 'asha@example.com',
  role,
  ageGroup: null,
  isDashboardVisible: false,
  loginTime: 0,
  expiresAt: 0,
});

const services = {
  marketing: {
    adminGetPartner: async (id: number) => (id === 5 ? ({ id: 5, name: 'Apostille Express' } as never) : null),
  },
  content: {
    adminGetTeamMember: async (id: number) => (id === 8 ? ({ id: 8, name: 'Meera Kapoor' } as never) : null),
    adminListAboutBlocks: async () => [],
  },
} as unknown as LoaderServices;

function argsFor(who: Viewer | null, url: string, params: Record<string, string> = {}) {
  const context = new RouterContextProvider();
  context.set(appContext, { viewer: who, services } as AppContextValue);
  return { context, request: new Request(`http://localhost:3000${url}`), params } as never;
}

async function status(run: () => Promise<unknown>): Promise<number> {
  try {
    await run();
  } catch (answer) {
    if (answer instanceof Response) return answer.status;
    return (answer as { init: { status: number } }).init.status;
  }
  return 200;
}

const pages = [
  ['/admin/content/partners/5', partnerRoute, { id: '5' }],
  ['/admin/content/partners/new', partnerRoute, { id: 'new' }],
  ['/admin/content/team-members/8', memberRoute, { id: '8' }],
  ['/admin/content/about', aboutRoute, {}],
] as const;

describe.each(pages)('%s', (url, route, params) => {
  it('sends a visitor to sign in, answers a customer and staff 403, lets an admin in, privately', async () => {
    expect(await status(() => route.loader(argsFor(null, url, params)))).toBe(302);
    expect(await status(() => route.loader(argsFor(viewer('customer'), url, params)))).toBe(403);
    expect(await status(() => route.loader(argsFor(viewer('staff'), url, params)))).toBe(403);
    expect(await status(() => route.loader(argsFor(viewer('admin'), url, params)))).toBe(200);
    expect(route.headers()).toEqual({ 'Cache-Control': 'private, no-store' });
  });
});

describe('records that do not exist', () => {
  it.each([
    [partnerRoute, { id: '6' }],
    [memberRoute, { id: 'abc' }],
    [memberRoute, { id: '99' }],
  ] as const)('answer 404 (%#)', async (route, params) => {
    expect(await status(() => route.loader(argsFor(viewer('admin'), '/admin/x', params)))).toBe(404);
  });
});
