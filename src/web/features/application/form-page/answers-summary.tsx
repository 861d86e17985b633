import type { MemberKind } from '../../../../domain/applications/member-kinds.ts';
import type { AnswerValue } from '../../../../domain/forms/answers.ts';
import { type FormDefinition, isAnswerField, walkFields } from '../../../../domain/forms/definition.ts';
import { displayAnswer } from '../../../../domain/forms/display.ts';
import { definitionForMember } from '../../../../domain/forms/member-texts.ts';
import { isEmptyAnswer, memberSteps, shownFieldKeys } from '../../../../domain/forms/visibility.ts';
import { Icon } from '../../../components/ui/icon.tsx';
import { TAP_TARGET } from '../../../components/ui/tap-target.ts';
import { inPageLink } from './in-page-link.ts';

export const SUMMARY_TEXT = {
  edit: 'Edit',
  notAnswered: 'Not answered',
} as const;

interface EditLink {
  href(step: number): string;
  onOpen(step: number): void;
}

/**
 * A member's answers as a person reads them (displayAnswer), by step and section, each section
 * with an Edit link back to its step when the answers may still change.
 */
export function AnswersSummary({
  definition,
  memberKind,
  answers,
  memberName,
  edit,
  headingLevel = 3,
}: {
  definition: FormDefinition;
  memberKind: MemberKind;
  answers: Record<string, unknown>;
  memberName: string;
  edit?: EditLink | undefined;
  headingLevel?: 3 | 4;
}) {
  // Worded as the member's form was (a minor's names the child).
  const steps = memberSteps(definitionForMember(definition, { kind: memberKind, fullName: memberName }), memberKind);
  const shown = shownFieldKeys(steps, (key) => answers[key]);
  const StepHeading = headingLevel === 3 ? 'h3' : 'h4';
  return (
    <div className="space-y-6">
      {steps.map((step, index) => (
        <div key={step.key}>
          <div className="flex items-baseline justify-between gap-3 border-b border-slate-200 pb-2">
            <StepHeading className="font-bold text-slate-900">{step.title}</StepHeading>
            {edit ? (
              <a
                href={edit.href(index + 1)}
                onClick={inPageLink(() => edit.onOpen(index + 1))}
                className={`${TAP_TARGET} shrink-0 gap-1 text-sm font-semibold text-brand-700 underline underline-offset-4`}
              >
                <Icon name="pencil" className="size-3.5" />
                {SUMMARY_TEXT.edit}
                <span className="sr-only">
                  {' '}
                  {step.title}, {memberName}
                </span>
              </a>
            ) : null}
          </div>
          {step.sections.map((section) => {
            const fields = [...walkFields(section.fields)]
              .map(({ field }) => field)
              .filter(isAnswerField)
              .filter((field) => shown.has(field.key));
            if (fields.length === 0) return null;
            return (
              <div key={section.key} className="mt-3">
                {section.title !== step.title ? (
                  <p className="text-sm font-semibold tracking-wide text-slate-500 uppercase">{section.title}</p>
                ) : null}
                <dl className="mt-1 grid gap-x-6 gap-y-2 sm:grid-cols-[minmax(0,16rem)_minmax(0,1fr)]">
                  {fields.map((field) => {
                    const value = answers[field.key];
                    const empty = isEmptyAnswer(value);
                    return (
                      <div key={field.key} className="contents">
                        <dt className="text-sm text-slate-600">{field.label}</dt>
                        <dd className={`break-words ${empty ? 'text-slate-500 italic' : 'text-slate-900'}`}>
                          {empty ? SUMMARY_TEXT.notAnswered : displayAnswer(field, value as AnswerValue)}
                        </dd>
                      </div>
                    );
                  })}
                </dl>
              </div>
            );
          })}
        </div>
      ))}
    </div>
  );
}
