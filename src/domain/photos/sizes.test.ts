import { describe, expect, it } from 'vitest';
import { isPrintedSize, PHOTO_SIZE_IDS, PHOTO_SIZES, sizeTitle } from './sizes.ts';

describe('sizeTitle', () => {
  it('names the document once: before a label of its own, or as the label itself', () => {
    expect(sizeTitle(PHOTO_SIZES['oci-photo'])).toBe('OCI card: OCI photo (600 × 600 px)');
    expect(sizeTitle(PHOTO_SIZES['us-2x2'])).toBe(
      'US passport or visa, or Indian passport prints (2 × 2 in, 600 × 600 px)',
    );
    expect(sizeTitle(PHOTO_SIZES['in-passport'])).toBe('Indian passport, online form (630 × 810 px)');
  });

  it('never repeats a document type, for every size', () => {
    for (const id of PHOTO_SIZE_IDS) {
      const size = PHOTO_SIZES[id];
      expect(sizeTitle(size).split(size.documentType).length - 1, id).toBe(1);
    }
  });
});

describe('printed sizes', () => {
  it('prints an Indian passport photo at 2 × 2 in for VFS and BLS: its 630 × 810 px photo is the online form’s file', () => {
    expect(isPrintedSize('in-passport')).toBe(false);
    expect(PHOTO_SIZES['in-passport'].printedAs).toBe('us-2x2');
    expect(PHOTO_SIZES['us-2x2'].printInches).toEqual({ width: 2, height: 2 });
    // Only Canada's visa photo is printed at 35 × 45 mm.
    const mm35x45 = PHOTO_SIZE_IDS.filter((id) => PHOTO_SIZES[id].printInches?.width === 35 / 25.4);
    expect(mm35x45).toEqual(['ca-visa']);
  });

  it('points a file-only size only at a printed size', () => {
    for (const id of PHOTO_SIZE_IDS) {
      const printedAs = PHOTO_SIZES[id].printedAs;
      if (printedAs) expect(isPrintedSize(printedAs), id).toBe(true);
    }
  });
});

describe('head ranges', () => {
  it('is photo-specs.md’s for the OCI photo: the face ~70–80 % of the frame', () => {
    expect(PHOTO_SIZES['oci-photo'].headHeight).toEqual([0.7, 0.8]);
  });

  it('is photo-specs.md’s for the Indian passport: the face 80–85 % of the frame', () => {
    expect(PHOTO_SIZES['in-passport'].headHeight).toEqual([0.8, 0.85]);
  });
});
