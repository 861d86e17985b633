// @vitest-environment jsdom
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { PricedPackage } from '../../../domain/catalog/catalog-content.ts';
import { usePackagesStore } from '../../lib/stores/packages-store.ts';
import { resumePackageChoice } from './catalog-actions.ts';

const pkg = {
  id: 3,
  serviceId: 1,
  name: 'OCI Re-issue (new passport)',
  slug: 'oci-reissue',
  choices: { applyingFrom: 'CA' },
} as unknown as PricedPackage;
const service = { id: 1, name: 'OCI Card', slug: 'oci-card', parameters: ['applyingFrom' as const] };

beforeEach(() => {
  usePackagesStore.getState().reset();
  localStorage.clear();
  const store = usePackagesStore.getState();
  store.setServicePackages(service, [pkg], { applyingFrom: 'CA' });
  store.choosePackage(pkg, { applyingFrom: 'CA' }, true);
});

const aborted = () => Promise.reject(new DOMException('signal is aborted without reason', 'AbortError'));

describe('a package chosen while signed out, after sign-in', () => {
  it('goes on to /package-form and stops waiting', async () => {
    const navigate = vi.fn(async () => {});
    await resumePackageChoice({ ageGroup: 'adult' }, navigate);
    expect(navigate).toHaveBeenCalledWith(expect.stringMatching(/^\/package-form\?/));
    expect(usePackagesStore.getState().awaitingSignIn).toBe(false);
  });

  it('keeps waiting, without an error, when a newer navigation interrupts that one', async () => {
    const navigate = vi.fn(aborted);
    await expect(resumePackageChoice({ ageGroup: 'adult' }, navigate)).resolves.toBeUndefined();
    expect(usePackagesStore.getState().awaitingSignIn).toBe(true);
    // The next render with the signed-in user tries again and lands.
    await resumePackageChoice(
      { ageGroup: 'adult' },
      vi.fn(async () => {}),
    );
    expect(usePackagesStore.getState().awaitingSignIn).toBe(false);
  });

  it('lets any other navigation failure through', async () => {
    await expect(
      resumePackageChoice({ ageGroup: 'adult' }, () => Promise.reject(new TypeError('broken'))),
    ).rejects.toThrow('broken');
  });
});
