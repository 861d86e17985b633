import { RouterContextProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { AppContextValue } from '../../contracts/load-context.ts';
import { appContext } from '../lib/app-context.ts';
import { requireDevPages } from '../lib/dev-pages.ts';
import { loader as crashLoader } from './dev.crash.tsx';
import { loader as formPreviewLoader } from './dev.form-preview.tsx';

const contextOf = (devPages: boolean) => {
  const context = new RouterContextProvider();
  context.set(appContext, { devPages } as AppContextValue);
  return context;
};

/** The status a loader's thrown `data(null, { status })` answers with. */
function thrownStatus(run: () => unknown): number {
  try {
    run();
  } catch (answer) {
    return (answer as { init: { status: number } }).init.status;
  }
  throw new Error('did not throw');
}

describe('the development pages', () => {
  it('answer a plain 404 wherever the server says they are off (the production build, without the test harness)', () => {
    const request = new Request('http://localhost:3000/dev/form-preview');
    const args = { request, context: contextOf(false), params: {} } as never;
    expect(thrownStatus(() => crashLoader(args))).toBe(404);
    expect(thrownStatus(() => formPreviewLoader(args))).toBe(404);
  });

  it('answer under npm run dev and on the test suites’ servers', () => {
    expect(() => requireDevPages(contextOf(true))).not.toThrow();
    expect(
      crashLoader({ request: new Request('http://localhost:3000/dev/crash'), context: contextOf(true) } as never),
    ).toBeNull();
  });
});
