// @vitest-environment jsdom
import { beforeEach, describe, expect, it } from 'vitest';
import { PENDING_PACKAGE_CHOICE_MS } from '../../domain/limits/constants.ts';
import {
  chooseMinorPackageSignedOut,
  MINOR_PACKAGE,
  MINOR_PACKAGE_FORM,
  MINOR_PACKAGE_SUMMARY,
} from '../testing/packages.ts';
import { pendingPackageChoice, settlePendingPackageChoice } from './pending-package.ts';
import { usePackagesStore } from './stores/packages-store.ts';

const NOW = 1_800_000_000_000;

beforeEach(() => {
  usePackagesStore.getState().reset();
  localStorage.clear();
});

describe('a package chosen while signed out, waiting for sign-in', () => {
  it('is the package form of the choice, with what it is and costs, until a sign-in settles it', async () => {
    chooseMinorPackageSignedOut(NOW);
    expect(await pendingPackageChoice(NOW + 60_000)).toEqual({
      href: MINOR_PACKAGE_FORM,
      summary: MINOR_PACKAGE_SUMMARY,
    });
    settlePendingPackageChoice();
    expect(await pendingPackageChoice(NOW + 60_000)).toBeNull();
    // Settled, not forgotten: the package form still shows the chosen package.
    expect(usePackagesStore.getState().currentPackage?.id).toBe(MINOR_PACKAGE.id);
  });

  it('lasts a day', async () => {
    chooseMinorPackageSignedOut(NOW);
    expect(await pendingPackageChoice(NOW + PENDING_PACKAGE_CHOICE_MS)).not.toBeNull();
    expect(await pendingPackageChoice(NOW + PENDING_PACKAGE_CHOICE_MS + 1)).toBeNull();
  });

  it('is none for a package chosen while signed in, or kept by an older version without its time', async () => {
    chooseMinorPackageSignedOut(NOW);
    usePackagesStore.getState().choosePackage(MINOR_PACKAGE, MINOR_PACKAGE.choices, false, NOW);
    expect(await pendingPackageChoice(NOW)).toBeNull();
    usePackagesStore.setState({ awaitingSignIn: true, chosenAt: null });
    expect(await pendingPackageChoice(NOW)).toBeNull();
  });
});
