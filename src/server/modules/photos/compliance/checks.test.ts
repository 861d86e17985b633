import { describe, expect, it } from 'vitest';
import { PHOTO_FIXES } from '../../../../domain/photos/compliance.ts';
import { PHOTO_SIZES } from '../../../../domain/photos/sizes.ts';
import {
  backgroundCheck,
  headHeightCheck,
  headPercentOf,
  resolutionCheck,
  shadowCheck,
  sharpnessCheck,
  tiltCheck,
} from './checks.ts';

const US = PHOTO_SIZES['us-2x2'];

describe('borderline results (issue 31 §4): a rule passed within its margin of the limit', () => {
  it('marks a tilt of 2.5°–3.0° borderline, not a level head nor a failing tilt', () => {
    expect(tiltCheck(US, 2.7)).toMatchObject({ passed: true, borderline: true });
    expect(tiltCheck(US, -2.6)).toMatchObject({ passed: true, borderline: true });
    // The blonde sample on a white wall reads 2.0°: a level head, no person needed.
    expect(tiltCheck(US, 2.04)).not.toHaveProperty('borderline');
    expect(tiltCheck(US, 3.5)).toMatchObject({ passed: false });
    expect(tiltCheck(US, 3.5)).not.toHaveProperty('borderline');
  });

  it('marks a background just bright enough, or just plain enough, borderline', () => {
    expect(backgroundCheck(US, { mean: 195, spread: 3, count: 100 })).toMatchObject({ borderline: true });
    expect(backgroundCheck(US, { mean: 240, spread: 19, count: 100 })).toMatchObject({ borderline: true });
    expect(backgroundCheck(US, { mean: 240, spread: 3, count: 100 })).not.toHaveProperty('borderline');
  });

  it('marks focus and light just above their minimums borderline', () => {
    expect(sharpnessCheck(US, 22)).toMatchObject({ passed: true, borderline: true });
    expect(sharpnessCheck(US, 30)).not.toHaveProperty('borderline');
    expect(shadowCheck(US, 0.72)).toMatchObject({ passed: true, borderline: true });
    expect(shadowCheck(US, 0.9)).not.toHaveProperty('borderline');
  });
});

describe('the head height, said once', () => {
  it('is the same whole per cent on the check as on the fitted line the page rounds from the report', () => {
    const place = { headFraction: 0.77495, eyeFraction: 0.6, centreOffset: 0, crownCut: false };
    const reported = headPercentOf(place.headFraction);
    expect(reported).toBe(77.5);
    // The page writes Math.round(77.5) = 78: so does the check, not 77 from the fraction.
    expect(headHeightCheck(PHOTO_SIZES['in-passport'], place).measured).toBe(
      `Head ${Math.round(reported)} % of the height`,
    );
    expect(headHeightCheck(PHOTO_SIZES['in-passport'], place).measured).toBe('Head 78 % of the height');
  });
});

describe('too few pixels (review r68c M4)', () => {
  it('asks for a closer photo and the original file, not a sharper one', () => {
    // A 300 × 344 px upload: its crop around the face is 212 × 212 px of the 600 × 600 the size needs.
    const check = resolutionCheck(US, { width: 212, height: 212 }, 'Your photo gives');
    expect(check).toMatchObject({
      passed: false,
      measured: 'Your photo gives 212 × 212 px',
      fix: PHOTO_FIXES.lowResolution,
    });
    expect(check.fix).toContain('original file');
    expect(check.fix).not.toContain('sharper');
  });
});
