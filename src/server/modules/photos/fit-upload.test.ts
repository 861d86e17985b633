import { describe, expect, it } from 'vitest';
import { PHOTO_FITTING_EDITS } from '../../../domain/photos/promise.ts';
import { PHOTO_SIZES } from '../../../domain/photos/sizes.ts';
import type { AnalysePhoto } from './analyser.ts';
import { fitUpload } from './fit-upload.ts';
import { fakeAnalyse, testFace } from './testing.ts';

describe('the application photo fitting', () => {
  it('never asks the engine to change the background, as the SevaDocs promise says', async () => {
    const asked: boolean[] = [];
    const spy: AnalysePhoto = (image, size, options) => {
      asked.push(options.backgroundChange ?? false);
      return fakeAnalyse(image, size);
    };
    // The OCI size allows a background change: the fitting still does not ask for one.
    await fitUpload(spy, await testFace(), PHOTO_SIZES['oci-photo']);
    expect(asked).toEqual([PHOTO_FITTING_EDITS.SEVADOCS.includes('even-background')]);
    expect(asked).toEqual([false]);
  });
});
