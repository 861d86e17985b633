import {
  type ComplianceReport,
  PHOTO_NOT_MEASURED,
  PHOTO_RULE_LABELS,
  type PhotoCheck,
  type PhotoRule,
} from './compliance.ts';
import { PHOTO_SIZES } from './sizes.ts';

/**
 * A photo's verdict in one clear reason (issue 31 §2): several failed rules used to read as a
 * count and a list in which a photo with no face repeated "We could not find a face…" eight times.
 * The most important failed rule is now the reason, with its figure and its fix; the other failed
 * rules are named in one line, and the rules that could not be measured are counted, not listed
 * with the same fix again. The photo check on /photos, a photo order's card, an application's
 * photo field and the server's refusal of a photo it cannot fit all read it from here.
 */

/**
 * The order in which a failed rule speaks for a photo. A blurred photo first: every other figure
 * of a blurred photo is unsure, and when no face was found the blur is why. Then one person in
 * the frame and pixels enough (nothing else can be right without them); the pose (a tilt the fit
 * could not straighten); the framing the fit could not reach (head size, eye height, centring: the
 * photo is too tight around the head); then the wall and the light.
 */
export const RULE_IMPORTANCE: readonly PhotoRule[] = [
  // A signature's (or a thumb impression's): a blank page or a face is neither, whatever its pixels.
  'signature',
  'thumb-impression',
  'sharpness',
  'one-face',
  'resolution',
  'tilt',
  'head-height',
  'eye-line',
  'centred',
  'background',
  'shadow',
];

/** Each rule's failure, said as what is wrong with the photo. */
export const PHOTO_PROBLEMS: Record<PhotoRule, string> = {
  'one-face': 'The photo needs exactly one face.',
  'head-height': 'The head is not the size the document asks for.',
  'eye-line': 'The eyes are not at the height the document asks for.',
  tilt: 'The head is tilted.',
  centred: 'The face is off centre.',
  background: 'The background is not plain and light.',
  sharpness: 'The photo is out of focus.',
  shadow: 'The face is unevenly lit.',
  resolution: 'The photo has too few pixels.',
  signature: 'The upload is not a signature in dark ink.',
  'thumb-impression': 'The upload is not a thumb impression in ink.',
};

/**
 * A signature's problems, where "the photo" would be wrong: its one rule is its pixels. The verdict
 * reads them for a report of a signature size, on its upload field, the order page and the desk;
 * a thumb impression's report (its rule is 'thumb-impression') reads its own.
 */
const SIGNATURE_PROBLEMS: Partial<Record<PhotoRule, string>> = {
  resolution: 'The signature has too few pixels.',
};
const THUMB_IMPRESSION_PROBLEMS: Partial<Record<PhotoRule, string>> = {
  resolution: 'The thumb impression has too few pixels.',
};

/** What is wrong with the upload when `rule` fails, in the words of its size's kind and of what it holds. */
function problemOf(rule: PhotoRule, report: ComplianceReport): string {
  const own =
    PHOTO_SIZES[report.sizeId].kind !== 'signature'
      ? undefined
      : report.checks.some((check) => check.rule === 'thumb-impression')
        ? THUMB_IMPRESSION_PROBLEMS
        : SIGNATURE_PROBLEMS;
  return own?.[rule] ?? PHOTO_PROBLEMS[rule];
}

export const VERDICT_TEXT = {
  passed: 'Meets every rule',
  failedCount: (n: number) => (n === 1 ? '1 rule to fix' : `${n} rules to fix`),
  /** The fitted file is outside the size's byte limits though every rule passed (not seen with today's sizes). */
  fileLimits: 'The fitted file is outside the document’s file size limits.',
  alsoToFix: (labels: readonly string[]) => `Also to fix: ${labels.join(', ')}.`,
  notMeasured: (n: number) =>
    n === 1 ? '1 more rule is checked once a face is found.' : `${n} more rules are checked once a face is found.`,
} as const;

export interface PhotoVerdict {
  passed: boolean;
  /** "Meets every rule", or how many rules are to fix: the reason and the others named ("3 rules to fix"). */
  headline: string;
  /** The most important failed rule, what is wrong, and its fix; null when no rule failed. */
  reason: { check: PhotoCheck; problem: string; fix: string | null } | null;
  /** The rest in one line each: other failed rules by name, then how many could not be measured. */
  rest: string[];
  /** Every check in the report's order, each fix given once: a fix already said (by the reason or an earlier check) is null. */
  checks: PhotoCheck[];
}

/** A rule the engine could not measure (no single face): shown, but not counted among those to fix. */
export const notMeasured = (check: PhotoCheck) => !check.passed && check.measured === PHOTO_NOT_MEASURED;
const rank = (check: PhotoCheck) => RULE_IMPORTANCE.indexOf(check.rule);

export function photoVerdict(report: ComplianceReport): PhotoVerdict {
  const failed = report.checks.filter((check) => !check.passed && !notMeasured(check));
  const main = [...failed].sort((a, b) => rank(a) - rank(b))[0] ?? null;
  const said = new Set<string>();
  if (main?.fix) said.add(main.fix);
  const checks = report.checks.map((check) => {
    if (!check.fix) return check;
    if (said.has(check.fix)) return { ...check, fix: null };
    said.add(check.fix);
    return check;
  });
  if (report.passed) return { passed: true, headline: VERDICT_TEXT.passed, reason: null, rest: [], checks };

  // A failed rule with the reason's own fix is the same reason (a blurred photo in which no face was found).
  const others = failed.filter((check) => check !== main && check.fix !== main?.fix);
  const unmeasured = report.checks.filter(notMeasured).length;
  const rest = [
    ...(others.length > 0 ? [VERDICT_TEXT.alsoToFix(others.map((check) => PHOTO_RULE_LABELS[check.rule]))] : []),
    ...(unmeasured > 0 ? [VERDICT_TEXT.notMeasured(unmeasured)] : []),
  ];
  return {
    passed: false,
    headline: main ? VERDICT_TEXT.failedCount(1 + others.length) : VERDICT_TEXT.fileLimits,
    reason: main && { check: main, problem: problemOf(main.rule, report), fix: main.fix },
    rest,
    checks,
  };
}
