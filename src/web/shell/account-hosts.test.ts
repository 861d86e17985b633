import { describe, expect, it } from 'vitest';
import { SESSION_STORAGE_KEY } from '../lib/stores/session-store.ts';
import { SESSION_KEY } from './account-hosts.tsx';

describe('account hosts', () => {
  it('check the session store under the key the store keeps it (the hosts do not load the store)', () => {
    expect(SESSION_KEY).toBe(SESSION_STORAGE_KEY);
  });
});
