import { RouterContextProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { AppContextValue } from '../../contracts/load-context.ts';
import type { Viewer } from '../../domain/users/viewer.ts';
import { appContext } from './app-context.ts';
import { pagePathOf, requireStaff } from './viewer.ts';

describe('pagePathOf', () => {
  it('answers the page for a document request and for a client navigation’s data request alike', () => {
    const page = (url: string) => pagePathOf(new Request(`http://localhost:3000${url}`));
    expect(page('/photos/photo-enhancement?orderId=PHO-1')).toBe('/photos/photo-enhancement?orderId=PHO-1');
    expect(page('/photos/photo-enhancement.data?orderId=PHO-1&_routes=routes%2Fphoto-enhancement')).toBe(
      '/photos/photo-enhancement?orderId=PHO-1',
    );
    expect(page('/dashboard.data')).toBe('/dashboard');
    expect(page('/_root.data')).toBe('/');
    expect(page('/')).toBe('/');
  });
});

describe('requireStaff', () => {
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
  const contextOf = (who: Viewer | null) => {
    const context = new RouterContextProvider();
    context.set(appContext, { viewer: who } as AppContextValue);
    return context;
  };
  const request = new Request('http://localhost:3000/admin/audit-log.data?page=2&_routes=x');
  const thrown = (run: () => unknown): Response => {
    try {
      run();
    } catch (answer) {
      if (answer instanceof Response) return answer;
      return new Response(JSON.stringify((answer as { data: unknown }).data), {
        status: (answer as { init: { status: number } }).init.status,
      });
    }
    throw new Error('did not throw');
  };

  it('sends a visitor to sign in and back to the page', () => {
    const answer = thrown(() => requireStaff(contextOf(null), request));
    expect(answer.status).toBe(302);
    expect(answer.headers.get('location')).toBe('/signin?redirect=%2Fadmin%2Faudit-log%3Fpage%3D2');
  });

  it('answers a customer 403 with its message, staff 403 on an admin page, and lets the right roles in', async () => {
    const customer = thrown(() => requireStaff(contextOf(viewer('customer')), request));
    expect(customer.status).toBe(403);
    expect(await customer.json()).toBe('You do not have access to this page.');
    expect(thrown(() => requireStaff(contextOf(viewer('staff')), request, 'admin')).status).toBe(403);
    expect(requireStaff(contextOf(viewer('staff')), request).role).toBe('staff');
    expect(requireStaff(contextOf(viewer('admin')), request, 'admin').role).toBe('admin');
  });
});
