import { describe, expect, it } from 'vitest';
import { PHOTO_FIXES } from './compliance.ts';
import { PHOTO_PROBLEMS } from './verdict.ts';

describe('the fixes the customer reads for a photo the engine cannot use', () => {
  it('says a face may not be found because it is small in the photo, not only for light or a covered face', () => {
    const fix = PHOTO_FIXES.noFace;
    expect(fix).toMatch(/^We could not find a face\./);
    expect(fix).toContain('taken closer');
    expect(fix).toContain('head and shoulders filling most of it');
    expect(fix).toContain('good light');
    expect(fix).toContain('nothing covering your face');
  });

  it('says too few pixels is about distance, camera and the file sent, not about sharpness', () => {
    const fix = PHOTO_FIXES.lowResolution;
    expect(fix).not.toMatch(/sharp/i);
    for (const cause of ['closer', 'main camera', 'original file', 'screenshot', 'messaging app']) {
      expect(fix).toContain(cause);
    }
    // The verdict says the problem first ("The photo has too few pixels."): the fix does not repeat it.
    expect(fix).not.toContain(PHOTO_PROBLEMS.resolution.replace(/\.$/, ''));
  });
});
