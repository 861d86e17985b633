// @vitest-environment jsdom
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { pendingPackageChoice } from '../../lib/pending-package.ts';
import { usePackagesStore } from '../../lib/stores/packages-store.ts';
import { fakeApi, ok } from '../../testing/dom.tsx';
import {
  MINOR_PACKAGE_FORM as FORM,
  MINOR_PACKAGE,
  MINOR_PACKAGE_SUMMARY,
  OCI_SERVICE as service,
} from '../../testing/packages.ts';
import { choosePackage } from './catalog-actions.ts';

beforeEach(() => {
  usePackagesStore.getState().reset();
  localStorage.clear();
  fakeApi({ 'POST /api/v1/packages/1': () => ok([MINOR_PACKAGE]) });
});

describe('Choose package (SPEC.md §4)', () => {
  it('sends a visitor to sign in on the way to the package form, the choice waiting in browser storage', async () => {
    const navigate = vi.fn(async () => {});
    await choosePackage({ service, packageId: 7, choices: { applyingFrom: 'US' }, user: null }, navigate);
    expect(navigate).toHaveBeenCalledWith(`/signin?${new URLSearchParams({ redirect: FORM })}`);
    expect(await pendingPackageChoice()).toEqual({
      href: FORM,
      summary: MINOR_PACKAGE_SUMMARY,
    });
  });

  it('takes a signed-in customer without an age group straight to the package form', async () => {
    const navigate = vi.fn(async () => {});
    await choosePackage({ service, packageId: 7, choices: { applyingFrom: 'US' }, user: { ageGroup: null } }, navigate);
    expect(navigate).toHaveBeenCalledWith(FORM);
    expect(navigate).toHaveBeenCalledTimes(1);
    expect(await pendingPackageChoice()).toBeNull();
    expect(usePackagesStore.getState().currentPackage?.id).toBe(7);
  });

  it('takes no notice of a newer navigation that interrupts the one it started', async () => {
    const aborted = () => Promise.reject(new DOMException('signal is aborted without reason', 'AbortError'));
    await expect(
      choosePackage({ service, packageId: 7, choices: {}, user: { id: 1 } }, vi.fn(aborted)),
    ).resolves.toBeUndefined();
  });
});
