import { describe, expect, it } from 'vitest';
import { composePhotoPromise, PHOTO_FITTING_EDITS, PHOTO_PROMISE } from './promise.ts';

describe('the photo promise (issue 31 §6)', () => {
  it('says what each brand’s fitting does, and never that it adjusts brightness', () => {
    expect(PHOTO_PROMISE).toEqual({
      SEVAPHOTOS:
        'We straighten a slight tilt, crop, resize, convert and even out a plain background (when you ask and the rules allow); we never retouch a face.',
      SEVADOCS: 'We straighten a slight tilt, crop, resize and convert; we never retouch a face.',
    });
    for (const sentence of Object.values(PHOTO_PROMISE))
      expect(sentence).not.toMatch(/bright|retouch(?!(es)? a face)/i);
  });

  it('composes the sentence from the edits: one, two or more', () => {
    expect(composePhotoPromise(['crop'])).toBe('We crop; we never retouch a face.');
    expect(composePhotoPromise(['crop', 'resize'])).toBe('We crop and resize; we never retouch a face.');
    expect(PHOTO_FITTING_EDITS.SEVADOCS).not.toContain('even-background');
  });
});
