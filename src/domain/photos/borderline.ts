import type { ComplianceReport, PhotoCheck } from './compliance.ts';

/**
 * Borderline results (issue 31 §4, docs/decisions/0110-photo-second-look.md): a rule that passed
 * but measured within its margin of the limit, where the measure's own error could put the truth
 * on either side. Such a photo is not refused and needs no choice: a person looks at it before
 * its prints are made. The margins, per measured rule:
 */
export const BORDERLINE_MARGINS = {
  /** Head size and eye height: a tenth of the size's allowed range at either end (US 2×2: 1.9 and 1.3 points). */
  rangeShare: 0.1,
  /**
   * Head level: 0.5° under the 3° limit (2.5°–3.0° is borderline). The same face reads 1.0°–2.0°
   * on three backgrounds, and the limit already allows that jitter over a straight head (checks.ts):
   * a reading past 2.5° could be a visibly tilted head. A full 1° would send level samples to a person.
   */
  tiltDegrees: 0.5,
  /** Centred: half a point of the width (3 px of 600) under the 2.5 % limit. */
  centreOffset: 0.005,
  /** Background brightness: 10 of 255 above the minimum (190 white, 160 light), ~5 %. */
  backgroundLuma: 10,
  /** Background variation: 2 under the maximum of 20 (10 %). */
  backgroundSpread: 2,
  /** In focus: 4 above the minimum of 20, between the sharpest blurred copy (14) and the softest sharp face (30). */
  sharpness: 4,
  /** Even light: 5 points above the 70 % minimum. */
  shadowRatio: 0.05,
} as const;
// One face and enough pixels have no margin: a count and a pixel size are exact.

/** A passing value within `margin` above a minimum. */
export function nearMinimum(value: number, minimum: number, margin: number): boolean {
  return value >= minimum && value < minimum + margin;
}

/** A passing value within `margin` below a maximum. */
export function nearMaximum(value: number, maximum: number, margin: number): boolean {
  return value <= maximum && value > maximum - margin;
}

/** A passing value within the range's share of either end. */
export function nearRangeEdge(value: number, [minimum, maximum]: readonly [number, number]): boolean {
  const margin = (maximum - minimum) * BORDERLINE_MARGINS.rangeShare;
  return nearMinimum(value, minimum, margin) || nearMaximum(value, maximum, margin);
}

/** The rules a report passed near their limit (reports made before margins have none). */
export function borderlineChecks(report: ComplianceReport | null): PhotoCheck[] {
  return report ? report.checks.filter((c) => c.passed && c.borderline === true) : [];
}

/**
 * Whether a photo's report asks for a person's look by itself: every rule passed, one near its
 * limit. A failing photo is the customer's choice instead (a retake, a person, or the risk).
 */
export function isBorderline(report: ComplianceReport | null): boolean {
  return report?.passed === true && borderlineChecks(report).length > 0;
}
