import { describe, expect, it } from 'vitest';
import type { ComplianceReport } from '../photos/compliance.ts';
import { PHOTO_PROBLEMS } from '../photos/verdict.ts';
import { PHOTOS_TO_REDO_TEXT, photosToRedo } from './photos-to-redo.ts';

const report = (failed: ('sharpness' | 'background')[]): ComplianceReport => ({
  sizeId: 'oci-photo',
  checks: (['background', 'sharpness'] as const).map((rule) => ({
    rule,
    passed: !failed.includes(rule),
    measured: 'x',
    expected: 'y',
    fix: null,
  })),
  passed: failed.length === 0,
  fitted: { widthPx: 600, heightPx: 600, bytes: 40_000, headPercent: null },
});

const items = [
  { id: 'photo', label: 'Photo' },
  { id: 'signature', label: 'Signature' },
];

describe('photosToRedo', () => {
  it('names each failing file by member and item, with its most important problem, in member then checklist order', () => {
    const members = [
      { id: 1, fullName: 'Priya Sharma', items },
      { id: 2, fullName: 'Dev Sharma', items },
    ];
    const found = photosToRedo(members, [
      { memberId: 2, itemId: 'photo', report: report(['background', 'sharpness']) },
      { memberId: 1, itemId: 'signature', report: report(['background']) },
      { memberId: 1, itemId: 'photo', report: report([]) },
      { memberId: 1, itemId: 'passport', report: null },
    ]);
    expect(found).toEqual([
      { memberId: 1, itemId: 'signature', label: 'Priya’s signature', problem: PHOTO_PROBLEMS.background },
      // Out of focus ranks first: nothing else can be judged on a blurred photo.
      { memberId: 2, itemId: 'photo', label: 'Dev’s photo', problem: PHOTO_PROBLEMS.sharpness },
    ]);
    expect(PHOTOS_TO_REDO_TEXT.item(found[1] ?? { label: '', problem: '' })).toBe(
      'Dev’s photo: The photo is out of focus.',
    );
  });

  it('leaves out a file for an item the member no longer needs, and names members who share a first name in full', () => {
    const members = [
      { id: 1, fullName: 'Priya Sharma', items: [items[0] ?? { id: '', label: '' }] },
      { id: 2, fullName: 'Priya Rao', items },
    ];
    const found = photosToRedo(members, [
      { memberId: 1, itemId: 'signature', report: report(['background']) },
      { memberId: 2, itemId: 'signature', report: report(['background']) },
    ]);
    expect(found.map((p) => p.label)).toEqual(['Priya Rao’s signature']);
  });

  it('says a signature’s problem of the signature, not of a photo', () => {
    const tooSmall: ComplianceReport = {
      sizeId: 'oci-signature',
      checks: [{ rule: 'resolution', passed: false, measured: '90 × 30 px', expected: 'at least 600 px', fix: null }],
      passed: false,
      fitted: { widthPx: 600, heightPx: 200, bytes: 9_000, headPercent: null },
    };
    const [found] = photosToRedo(
      [{ id: 1, fullName: 'Dev Rao', items }],
      [{ memberId: 1, itemId: 'signature', report: tooSmall }],
    );
    expect(found?.problem).toBe('The signature has too few pixels.');
  });
});
