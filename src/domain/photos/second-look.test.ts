import { describe, expect, it } from 'vitest';
import { BORDERLINE_MARGINS, isBorderline, nearMaximum, nearMinimum, nearRangeEdge } from './borderline.ts';
import type { ComplianceReport } from './compliance.ts';
import {
  approvedNext,
  PHOTO_OPTIMIZE_LOOK,
  photoOptimizeBought,
  rejectPhotoSchema,
  SECOND_LOOK_CAUSE_LABELS,
  SECOND_LOOK_MESSAGES,
  secondLookSla,
  secondLookWhy,
  slaWords,
  SECOND_LOOK_TEXT as T,
  waitsForPerson,
} from './second-look.ts';

const report = (checks: ComplianceReport['checks']): ComplianceReport => ({
  sizeId: 'us-2x2',
  checks,
  passed: checks.every((c) => c.passed),
  fitted: { widthPx: 600, heightPx: 600, bytes: 50_000, headPercent: 60 },
});
const pass = { measured: 'x', expected: 'y', fix: null, passed: true } as const;

describe('borderline margins (issue 31 §4)', () => {
  it('marks a passing value within its margin of a limit, not a failing one', () => {
    expect(nearMaximum(2.7, 3, BORDERLINE_MARGINS.tiltDegrees)).toBe(true);
    expect(nearMaximum(2.0, 3, BORDERLINE_MARGINS.tiltDegrees)).toBe(false);
    expect(nearMaximum(3.1, 3, BORDERLINE_MARGINS.tiltDegrees)).toBe(false);
    expect(nearMinimum(195, 190, BORDERLINE_MARGINS.backgroundLuma)).toBe(true);
    expect(nearMinimum(200, 190, BORDERLINE_MARGINS.backgroundLuma)).toBe(false);
    expect(nearMinimum(22, 20, BORDERLINE_MARGINS.sharpness)).toBe(true);
  });

  it('takes a tenth of a range at either end (US 2×2 head 50–69 %: 1.9 points)', () => {
    expect(nearRangeEdge(0.51, [0.5, 0.69])).toBe(true);
    expect(nearRangeEdge(0.68, [0.5, 0.69])).toBe(true);
    expect(nearRangeEdge(0.6, [0.5, 0.69])).toBe(false);
    expect(nearRangeEdge(0.7, [0.5, 0.69])).toBe(false);
  });

  it('calls a photo borderline only when every rule passed and one sits near its limit', () => {
    expect(isBorderline(report([{ ...pass, rule: 'tilt', borderline: true }]))).toBe(true);
    expect(isBorderline(report([{ ...pass, rule: 'tilt' }]))).toBe(false);
    const failing = report([
      { ...pass, rule: 'tilt', borderline: true },
      { ...pass, rule: 'centred', passed: false, fix: 'Stand in the middle.' },
    ]);
    expect(isBorderline(failing)).toBe(false);
    expect(isBorderline(null)).toBe(false);
  });
});

describe('the second look’s SLA: 2 business hours', () => {
  it('is due 2 business hours after it started, with the business minutes left on a held clock', () => {
    const started = new Date('2025-11-28T22:00:00Z'); // Fri 17:00 EST
    const saturday = new Date('2025-11-29T17:00:00Z');
    expect(secondLookSla(started, saturday)).toEqual({
      startedAt: started.toISOString(),
      dueAt: '2025-12-01T15:00:00.000Z',
      minutesLeft: 60,
    });
    expect(secondLookSla(started, new Date('2025-12-01T15:35:00Z')).minutesLeft).toBe(-35);
  });

  it('words the time left', () => {
    expect(slaWords(80)).toBe('1 h 20 min left');
    expect(slaWords(120)).toBe('2 h left');
    expect(slaWords(5)).toBe('5 min left');
    expect(slaWords(-35)).toBe('Overdue by 35 min');
  });

  it('asks a reason for a rejection', () => {
    expect(rejectPhotoSchema.safeParse({ reason: '   ' }).error?.issues[0]?.message).toBe(
      SECOND_LOOK_MESSAGES.reasonRequired,
    );
    expect(rejectPhotoSchema.parse({ reason: ' Glasses reflect the flash. ' })).toEqual({
      reason: 'Glasses reflect the flash.',
    });
  });
});

describe('what an approval tells the customer comes next', () => {
  it('says what happens to the prints, never that they are on their way: nothing is posted yet', () => {
    expect(approvedNext(null, false)).toBe(T.download);
    expect(approvedNext('home', false)).toBe(`${T.download} ${T.printsToPost}`);
    expect(approvedNext('pickup', false)).toBe(`${T.download} ${T.printsToStudio}`);
    expect(approvedNext('pickup', true)).toBe(`${T.download} ${T.printsStillHeld}`);
    for (const delivery of ['home', 'pickup'] as const) {
      expect(approvedNext(delivery, false)).not.toMatch(/released|on their way/);
    }
    expect(T.approvedBell('wall.jpg', T.download)).toBe(
      'A person checked your photo “wall.jpg” and approved it. Download it on your order page.',
    );
  });
});

describe('why a borderline photo waits', () => {
  it('says only its download waits on a Digital Copy order: nothing of it is printed', () => {
    expect(T.borderline(false)).toBe(
      'Your photo meets every rule, but close to a limit, so a person checks it before you can download it.',
    );
  });

  it('says its prints wait too on an order with prints', () => {
    expect(T.borderline(true)).toBe(
      'Your photo meets every rule, but close to a limit, so a person checks it before you can download it and before it is printed.',
    );
  });
});

describe('Photo Optimize on the queue', () => {
  it('has the order wait for a person before payment, as its photos will once paid (the pay note, the promise)', () => {
    const none = { items: [{ photos: [{ secondLook: null }] }] };
    expect(waitsForPerson({ ...none, options: [] })).toBe(false);
    expect(waitsForPerson({ ...none, options: ['photo-optimize'] })).toBe(true);
    expect(waitsForPerson({ items: [{ photos: [{ secondLook: 'requested' }] }] })).toBe(true);
  });

  it('is the reason of a look asked on an order that bought it, beside a borderline or retake cause', () => {
    expect(photoOptimizeBought(['pickup', 'photo-optimize'])).toBe(true);
    expect(photoOptimizeBought(['background-change'])).toBe(false);
    const on = (cause: 'asked' | 'borderline' | 'retake', photoOptimize: boolean) =>
      secondLookWhy({ cause, order: { photoOptimize } });
    expect(on('asked', false)).toEqual([SECOND_LOOK_CAUSE_LABELS.asked]);
    expect(on('asked', true)).toEqual([PHOTO_OPTIMIZE_LOOK]);
    expect(on('borderline', true)).toEqual([SECOND_LOOK_CAUSE_LABELS.borderline, PHOTO_OPTIMIZE_LOOK]);
  });
});
