import { describe, expect, it } from 'vitest';
import type { LoaderServices } from '../../contracts/load-context.ts';
import type { Viewer } from '../../domain/users/viewer.ts';
import { expectAdminOnlyPage, loaderArgs, loaderStatus, viewer } from '../testing/route-loader.ts';
import * as aboutRoute from './admin.content.about.tsx';
import * as partnerRoute from './admin.content.partners.$id.tsx';
import * as memberRoute from './admin.content.team-members.$id.tsx';

/** The back office's partner, team member and About text pages: admins only, private (decision 0075). */
const services = {
  marketing: {
    adminGetPartner: async (id: number) => (id === 5 ? ({ id: 5, name: 'Apostille Express' } as never) : null),
  },
  content: {
    adminGetTeamMember: async (id: number) => (id === 8 ? ({ id: 8, name: 'Meera Kapoor' } as never) : null),
    adminListAboutBlocks: async () => [],
  },
} as unknown as LoaderServices;

const argsFor = (who: Viewer | null, url: string, params: Record<string, string> = {}) =>
  loaderArgs(services, who, url, params);

const pages = [
  ['/admin/content/partners/5', partnerRoute, { id: '5' }],
  ['/admin/content/partners/new', partnerRoute, { id: 'new' }],
  ['/admin/content/team-members/8', memberRoute, { id: '8' }],
  ['/admin/content/about', aboutRoute, {}],
] as const;

describe.each(pages)('%s', (url, route, params) => {
  it('sends a visitor to sign in, answers a customer and staff 403, lets an admin in, privately', async () => {
    await expectAdminOnlyPage(route, services, url, params);
  });
});

describe('records that do not exist', () => {
  it.each([
    [partnerRoute, { id: '6' }],
    [memberRoute, { id: 'abc' }],
    [memberRoute, { id: '99' }],
  ] as const)('answer 404 (%#)', async (route, params) => {
    expect(await loaderStatus(() => route.loader(argsFor(viewer('admin'), '/admin/x', params)))).toBe(404);
  });
});
