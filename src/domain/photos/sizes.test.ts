import { describe, expect, it } from 'vitest';
import { PHOTO_SIZE_IDS, PHOTO_SIZES, sizeTitle } from './sizes.ts';

describe('sizeTitle', () => {
  it('names the document once: before a label of its own, or as the label itself', () => {
    expect(sizeTitle(PHOTO_SIZES['oci-photo'])).toBe('OCI card: OCI photo (600 × 600 px)');
    expect(sizeTitle(PHOTO_SIZES['us-2x2'])).toBe('US passport or visa (2 × 2 in, 600 × 600 px)');
    expect(sizeTitle(PHOTO_SIZES['in-passport'])).toBe('Indian passport (630 × 810 px)');
  });

  it('never repeats a document type, for every size', () => {
    for (const id of PHOTO_SIZE_IDS) {
      const size = PHOTO_SIZES[id];
      expect(sizeTitle(size).split(size.documentType).length - 1, id).toBe(1);
    }
  });
});
