import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import {
  type ComplianceReport,
  PHOTO_FIXES,
  PHOTO_NOT_MEASURED,
  PHOTO_RULES,
  type PhotoRule,
} from '../../domain/photos/compliance.ts';
import { PHOTO_PROBLEMS } from '../../domain/photos/verdict.ts';
import { PHOTO_CHECKS_TEXT, PhotoChecks } from './photo-checks.tsx';

/** What the engine reports for a photo with no face: every face rule failed, "not measured", with the same fix. */
const noFace: ComplianceReport = {
  sizeId: 'us-2x2',
  passed: false,
  fitted: null,
  checks: PHOTO_RULES.map((rule) => {
    if (rule === 'resolution') return { rule, passed: true, measured: 'Photo 800 × 1000 px', expected: 'x', fix: null };
    const measured = rule === 'one-face' ? 'No face found' : PHOTO_NOT_MEASURED;
    return { rule, passed: false, measured, expected: 'x', fix: PHOTO_FIXES.noFace };
  }),
};

const THREE_FAILURES: Partial<Record<PhotoRule, string>> = {
  tilt: PHOTO_FIXES.tilted,
  centred: PHOTO_FIXES.offCentre,
  background: PHOTO_FIXES.background,
};

const count = (html: string, sentence: string) => html.split(sentence).length - 1;

describe('PhotoChecks', () => {
  it('says a photo has no face once, as its reason, not once per rule', () => {
    const html = renderToStaticMarkup(<PhotoChecks report={noFace} name="me.jpg" />);
    expect(count(html, PHOTO_FIXES.noFace)).toBe(1);
    expect(html).toContain('1 rule to fix');
    expect(html).toContain(PHOTO_PROBLEMS['one-face']);
    expect(html).toContain('7 more rules are checked once a face is found.');
  });

  it('marks to fix as many rows as the headline counts: the rules not measured are not among them', () => {
    const html = renderToStaticMarkup(<PhotoChecks report={noFace} name="me.jpg" />);
    expect(count(html, PHOTO_CHECKS_TEXT.srToFix)).toBe(1);
    expect(count(html, PHOTO_CHECKS_TEXT.srNotMeasured)).toBe(7);
    expect(count(html, 'text-red-700')).toBe(1);
  });

  it('leads three failed rules with the most important one and names the other two', () => {
    const report: ComplianceReport = {
      ...noFace,
      fitted: { widthPx: 600, heightPx: 600, bytes: 60_000, headPercent: 60 },
      checks: PHOTO_RULES.map((rule) => {
        const fix = THREE_FAILURES[rule] ?? null;
        return { rule, passed: fix === null, measured: `${rule} figure`, expected: 'x', fix };
      }),
    };
    const html = renderToStaticMarkup(<PhotoChecks report={report} name="me.jpg" />);
    expect(html.indexOf(PHOTO_PROBLEMS.tilt)).toBeLessThan(html.indexOf('<ul'));
    expect(html).toContain('Also to fix: Face centred, Plain, light background.');
    for (const fix of [PHOTO_FIXES.tilted, PHOTO_FIXES.offCentre, PHOTO_FIXES.background])
      expect(count(html, fix)).toBe(1);
  });
});
