import { describe, expect, it } from 'vitest';
import type { FormDefinition } from '../forms/definition.ts';
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

/** A member's stored file; its bytes its own unless `sha256` says whose they are. */
const file = (memberId: number, itemId: string, report: ComplianceReport | null, sha256 = `${memberId}/${itemId}`) => ({
  id: memberId * 100 + itemId.length,
  memberId,
  itemId,
  report,
  sha256,
});

const items = [
  { id: 'photo', label: 'Photo' },
  { id: 'signature', label: 'Signature' },
];

describe('photosToRedo', () => {
  it('names each failing file by member and item, with its most important problem, in member then checklist order', () => {
    const members = [
      { id: 1, fullName: 'Priya Sharma', kind: 'Adult' as const, items },
      { id: 2, fullName: 'Dev Sharma', kind: 'Minor' as const, items },
    ];
    const found = photosToRedo(
      members,
      [
        file(2, 'photo', report(['background', 'sharpness'])),
        file(1, 'signature', report(['background'])),
        file(1, 'photo', report([])),
        file(1, 'passport', null),
      ],
      null,
    );
    expect(found).toEqual([
      {
        memberId: 1,
        itemId: 'signature',
        label: 'Priya’s signature',
        problem: PHOTO_PROBLEMS.background,
        step: null,
        documentId: 109,
        sameFile: false,
      },
      // Out of focus ranks first: nothing else can be judged on a blurred photo.
      {
        memberId: 2,
        itemId: 'photo',
        label: 'Dev’s photo',
        problem: PHOTO_PROBLEMS.sharpness,
        step: null,
        documentId: 205,
        sameFile: false,
      },
    ]);
    expect(PHOTOS_TO_REDO_TEXT.item(found[1] ?? { label: '', problem: '' })).toBe(
      'Dev’s photo: The photo is out of focus.',
    );
  });

  it('leaves out a file for an item the member no longer needs, and names members who share a first name in full', () => {
    const members = [
      { id: 1, fullName: 'Priya Sharma', kind: 'Adult' as const, items: [items[0] ?? { id: '', label: '' }] },
      { id: 2, fullName: 'Priya Rao', kind: 'Adult' as const, items },
    ];
    const found = photosToRedo(
      members,
      [file(1, 'signature', report(['background'])), file(2, 'signature', report(['background']))],
      null,
    );
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
      [{ id: 1, fullName: 'Dev Rao', kind: 'Adult', items }],
      [file(1, 'signature', tooSmall)],
      null,
    );
    expect(found?.problem).toBe('The signature has too few pixels.');
  });

  it('says the form step each is replaced on: the step asking for it, else Documents (after the answer steps)', () => {
    const definition: FormDefinition = {
      format: 1,
      id: 'test/photos',
      version: 1,
      title: 'Test application',
      steps: [
        {
          key: 'aboutYou',
          title: 'About you',
          sections: [
            { key: 'names', title: 'Your name', fields: [{ type: 'text', key: 'givenName', label: 'Given name' }] },
          ],
        },
        {
          key: 'photos',
          title: 'Photo',
          sections: [
            {
              key: 'photoSection',
              title: 'Your photo',
              fields: [{ type: 'image upload', key: 'photo', label: 'Photo' }],
            },
          ],
        },
      ],
    };
    const found = photosToRedo(
      [{ id: 1, fullName: 'Mira Sharma', kind: 'Minor', items }],
      [file(1, 'photo', report(['background'])), file(1, 'signature', report(['background']))],
      definition,
    );
    // The photo on its own step (2 of 2), the signature on Documents (3), which follows the answers.
    expect(found.map((p) => [p.itemId, p.step])).toEqual([
      ['photo', 2],
      ['signature', 3],
    ]);
  });

  it('names a photo or signature that is the same file as an earlier member’s, even when it passes every rule', () => {
    const members = (['Anjali Sharma', 'Rajesh Sharma', 'Arjun Sharma', 'Mira Sharma'] as const).map((fullName, i) => ({
      id: i + 1,
      fullName,
      kind: i < 2 ? ('Adult' as const) : ('Minor' as const),
      items,
    }));
    const found = photosToRedo(
      members,
      [
        file(1, 'signature', report([]), 'family-signature'),
        file(2, 'signature', report([]), 'family-signature'),
        file(4, 'signature', report(['background']), 'family-signature'),
        file(3, 'photo', report([]), 'arjun-photo'),
        file(4, 'photo', report([]), 'arjun-photo'),
        // A proof of address the family shares has no report: never named.
        { id: 90, memberId: 2, itemId: 'proof-of-address', report: null, sha256: 'proof' },
        { id: 91, memberId: 3, itemId: 'proof-of-address', report: null, sha256: 'proof' },
      ],
      null,
    );
    expect(found.map((p) => PHOTOS_TO_REDO_TEXT.item(p))).toEqual([
      'Rajesh’s signature: It is the same file as Anjali’s signature. Each applicant needs their own: please check it is the right one.',
      'Mira’s photo: It is the same file as Arjun’s photo. Each applicant needs their own: please check it is the right one.',
      'Mira’s signature: It is the same file as Anjali’s signature. Each applicant needs their own: please check it is the right one.',
    ]);
    // Each names its own file, and says it is named for being another's (its own checks may pass).
    expect(found.map((p) => [p.documentId, p.sameFile])).toEqual([
      [209, true],
      [405, true],
      [409, true],
    ]);
  });
});
