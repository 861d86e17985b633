import { type ComplianceReport, PHOTO_RULE_LABELS, type PhotoCheck } from '../../domain/photos/compliance.ts';
import { notMeasured, photoVerdict, VERDICT_TEXT } from '../../domain/photos/verdict.ts';
import { Icon } from './ui/icon.tsx';

export const PHOTO_CHECKS_TEXT = {
  passed: VERDICT_TEXT.passed,
  failedCount: VERDICT_TEXT.failedCount,
  measured: 'Measured',
  expected: 'Needed',
  /** A rule passed within its margin of the limit (issue 31 §4): a person looks at the photo. */
  nearLimit: 'Close to the limit',
  srPassed: ': passed',
  srToFix: ': to fix',
  /** A rule the engine could not measure (no single face): not counted among those to fix. */
  srNotMeasured: ': not measured yet',
} as const;

/**
 * How a check's row is marked: a rule not measured is not marked to fix, since the headline does
 * not count it among them.
 */
const ROW_MARKS = {
  passed: { icon: 'circle-check', tone: 'text-green-700', words: PHOTO_CHECKS_TEXT.srPassed },
  notMeasured: { icon: 'minus', tone: 'text-slate-500', words: PHOTO_CHECKS_TEXT.srNotMeasured },
  toFix: { icon: 'circle-alert', tone: 'text-red-700', words: PHOTO_CHECKS_TEXT.srToFix },
} as const;

const rowMark = (check: PhotoCheck) =>
  ROW_MARKS[check.passed ? 'passed' : notMeasured(check) ? 'notMeasured' : 'toFix'];

/**
 * The SevaPhotos engine's checks of one photo: the verdict in one reason (the most important
 * failed rule, its figure and its fix, the rest in a line; photoVerdict), then each rule passed or
 * not, what was measured against what is needed, and each fix once. The photo order's cards, the
 * check on /photos and an application's photo field show the same list.
 */
export function PhotoChecks({ report, name }: { report: ComplianceReport; name: string }) {
  const verdict = photoVerdict(report);
  const { reason } = verdict;
  return (
    <section aria-label={`Check of ${name}`}>
      <p className={`font-semibold ${verdict.passed ? 'text-green-800' : 'text-amber-800'}`}>
        <Icon name={verdict.passed ? 'circle-check' : 'circle-alert'} className="mr-1 inline size-5 align-[-4px]" />
        {verdict.headline}
      </p>
      {reason ? (
        <div className="mt-2 rounded-lg border border-amber-200 bg-amber-50 p-3 text-sm">
          <p className="font-semibold text-slate-900">{reason.problem}</p>
          <p className="text-slate-700">
            {PHOTO_CHECKS_TEXT.measured}: {reason.check.measured} · {PHOTO_CHECKS_TEXT.expected}:{' '}
            {reason.check.expected}
          </p>
          {reason.fix ? <p className="mt-1 text-slate-900">{reason.fix}</p> : null}
          {verdict.rest.map((line) => (
            <p key={line} className="mt-1 text-slate-700">
              {line}
            </p>
          ))}
        </div>
      ) : null}
      <ul className="mt-3 divide-y divide-slate-100">
        {verdict.checks.map((check) => {
          const mark = rowMark(check);
          return (
            <li key={check.rule} className="flex gap-3 py-2 text-sm">
              <Icon name={mark.icon} className={`mt-0.5 size-4 ${mark.tone}`} />
              <div className="min-w-0">
                <p className="font-medium text-slate-900">
                  {PHOTO_RULE_LABELS[check.rule]}
                  <span className="sr-only">{mark.words}</span>
                  {check.borderline ? (
                    <span className="ml-2 rounded bg-amber-100 px-1.5 py-0.5 text-xs font-semibold text-amber-900">
                      {PHOTO_CHECKS_TEXT.nearLimit}
                    </span>
                  ) : null}
                </p>
                <p className="text-slate-700">
                  {PHOTO_CHECKS_TEXT.measured}: {check.measured} · {PHOTO_CHECKS_TEXT.expected}: {check.expected}
                </p>
                {check.fix ? <p className="mt-0.5 text-slate-900">{check.fix}</p> : null}
              </div>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
