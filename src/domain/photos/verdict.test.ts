import { describe, expect, it } from 'vitest';
import {
  type ComplianceReport,
  PHOTO_FIXES,
  PHOTO_NOT_MEASURED,
  PHOTO_RULE_LABELS,
  PHOTO_RULES,
  type PhotoCheck,
} from './compliance.ts';
import { PHOTO_PROBLEMS, photoVerdict, VERDICT_TEXT } from './verdict.ts';

const passed = (rule: PhotoCheck['rule']): PhotoCheck => ({
  rule,
  passed: true,
  measured: 'ok',
  expected: 'ok',
  fix: null,
});
const failed = (rule: PhotoCheck['rule'], measured: string, fix: string): PhotoCheck => ({
  rule,
  passed: false,
  measured,
  expected: 'needed',
  fix,
});

/** A report of every rule, passed unless `failures` says otherwise. */
function reportOf(failures: PhotoCheck[], fitted = true): ComplianceReport {
  return {
    sizeId: 'us-2x2',
    checks: PHOTO_RULES.map((rule) => failures.find((c) => c.rule === rule) ?? passed(rule)),
    passed: failures.length === 0,
    fitted: fitted ? { widthPx: 600, heightPx: 600, bytes: 60_000, headPercent: 60 } : null,
  };
}

/** Every sentence the verdict shows: the reason's fix, the rest, and each check's fix. */
const sentences = (report: ComplianceReport) => {
  const verdict = photoVerdict(report);
  return [verdict.reason?.fix, ...verdict.rest, ...verdict.checks.map((c) => c.fix)].filter(Boolean);
};
const times = (all: unknown[], sentence: string) => all.filter((s) => s === sentence).length;

describe('a photo’s verdict in one reason (issue 31 §2)', () => {
  it('reads three failures as the most important one, with the other two named in one line', () => {
    const report = reportOf([
      failed('background', 'Brightness 80 of 255, variation 40', PHOTO_FIXES.background),
      failed('centred', '6.0 % off centre', PHOTO_FIXES.offCentre),
      failed('tilt', 'Tilted 11.7°', PHOTO_FIXES.tilted),
    ]);
    const verdict = photoVerdict(report);
    expect(verdict).toMatchObject({
      passed: false,
      headline: '3 rules to fix',
      reason: {
        problem: PHOTO_PROBLEMS.tilt,
        fix: PHOTO_FIXES.tilted,
        check: { rule: 'tilt', measured: 'Tilted 11.7°' },
      },
      rest: ['Also to fix: Face centred, Plain, light background.'],
    });
    // Each fix is said once: the reason's in the reason, the others in their rows.
    const all = sentences(report);
    for (const fix of [PHOTO_FIXES.tilted, PHOTO_FIXES.offCentre, PHOTO_FIXES.background])
      expect(times(all, fix)).toBe(1);
    expect(verdict.checks.find((c) => c.rule === 'tilt')).toMatchObject({ passed: false, fix: null });
  });

  it('says “no face” once for a photo without one, and counts the rules it could not measure', () => {
    const notMeasured = (rule: PhotoCheck['rule']) => failed(rule, PHOTO_NOT_MEASURED, PHOTO_FIXES.noFace);
    const report = reportOf(
      [
        failed('one-face', 'No face found', PHOTO_FIXES.noFace),
        ...(['head-height', 'eye-line', 'tilt', 'centred', 'background', 'sharpness', 'shadow'] as const).map(
          notMeasured,
        ),
      ],
      false,
    );
    const verdict = photoVerdict(report);
    expect(verdict).toMatchObject({
      headline: VERDICT_TEXT.failedCount(1),
      reason: { problem: PHOTO_PROBLEMS['one-face'], fix: PHOTO_FIXES.noFace },
      rest: ['7 more rules are checked once a face is found.'],
    });
    expect(times(sentences(report), PHOTO_FIXES.noFace)).toBe(1);
  });

  it('gives a blurred photo in which no face was found the blur as its reason', () => {
    const report = reportOf(
      [
        failed('one-face', 'No face found in a blurred photo', PHOTO_FIXES.tooBlurred),
        ...(['head-height', 'eye-line', 'tilt', 'centred', 'background', 'shadow'] as const).map((rule) =>
          failed(rule, PHOTO_NOT_MEASURED, PHOTO_FIXES.tooBlurred),
        ),
        failed('sharpness', 'Whole photo: sharpness 1.2', PHOTO_FIXES.tooBlurred),
      ],
      false,
    );
    const verdict = photoVerdict(report);
    expect(verdict.reason).toMatchObject({ problem: PHOTO_PROBLEMS.sharpness, fix: PHOTO_FIXES.tooBlurred });
    // No face is the blur's doing: not another rule to fix.
    expect(verdict.headline).toBe(VERDICT_TEXT.failedCount(1));
    expect(verdict.rest).toEqual(['6 more rules are checked once a face is found.']);
    expect(times(sentences(report), PHOTO_FIXES.tooBlurred)).toBe(1);
  });

  it('passes a photo that meets every rule, with no reason', () => {
    expect(photoVerdict(reportOf([]))).toMatchObject({
      passed: true,
      headline: VERDICT_TEXT.passed,
      reason: null,
      rest: [],
    });
  });
});

describe('a signature’s verdict', () => {
  it('says its problem of the signature, where a photo’s says “the photo”', () => {
    const failing = failed('resolution', '90 × 30 px', PHOTO_FIXES.lowResolution);
    const signature: ComplianceReport = { sizeId: 'oci-signature', checks: [failing], passed: false, fitted: null };
    expect(photoVerdict(signature).reason?.problem).toBe('The signature has too few pixels.');
    expect(photoVerdict(reportOf([failing])).reason?.problem).toBe(PHOTO_PROBLEMS.resolution);
  });

  it('speaks of a thumb impression, never of signing, for a child’s thumb impression in its place', () => {
    const report = (checks: PhotoCheck[]): ComplianceReport => ({
      sizeId: 'oci-signature',
      checks,
      passed: false,
      fitted: null,
    });
    const blank = report([
      failed('thumb-impression', 'Ink on 0.0 % of the strip', PHOTO_FIXES.noThumbImpression),
      passed('resolution'),
    ]);
    expect(photoVerdict(blank).reason).toMatchObject({
      problem: 'The upload is not a thumb impression in ink.',
      fix: PHOTO_FIXES.noThumbImpression,
    });
    expect(PHOTO_FIXES.noThumbImpression).toMatch(/^We could not find a thumb impression\. Press the child’s thumb/);
    const small = report([
      passed('thumb-impression'),
      failed('resolution', 'Thumb impression 90 × 120 px', PHOTO_FIXES.lowResolution),
    ]);
    expect(photoVerdict(small).reason?.problem).toBe('The thumb impression has too few pixels.');
    for (const verdict of [photoVerdict(blank), photoVerdict(small)]) {
      const words = [
        verdict.reason?.problem,
        verdict.reason?.fix,
        ...verdict.rest,
        ...verdict.checks.map((c) => c.fix),
      ];
      expect(words.join(' ')).not.toMatch(/\bsign/i);
      expect(PHOTO_RULE_LABELS[verdict.checks[0]?.rule ?? 'resolution']).toBe('A thumb impression in ink');
    }
  });
});
