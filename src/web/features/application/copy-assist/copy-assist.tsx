import type { MemberKind } from '../../../../domain/applications/member-kinds.ts';
import { copyAssistSteps } from '../../../../domain/applications/portal-format.ts';
import type { FormDefinition } from '../../../../domain/forms/definition.ts';
import { CopyButton } from '../../../components/ui/copy-button.tsx';

export const COPY_ASSIST_TEXT = {
  notAnswered: 'Not answered',
  nothing: 'This member’s form has no answers to type into a portal.',
} as const;

/**
 * One member's answers in the government portal's field order and format (capitals, DD/MM/YYYY:
 * src/domain/applications/portal-format.ts), each with its Copy button, so the customer or our
 * team fills the official portal without retyping. Step and section titles as the member's form
 * words them; uploads are left out (the portal takes the fitted files from the order page).
 */
export function CopyAssist({
  definition,
  member,
  answers,
  headingLevel = 2,
}: {
  definition: FormDefinition;
  member: { kind: MemberKind; fullName: string };
  answers: Record<string, unknown>;
  headingLevel?: 2 | 4;
}) {
  const steps = copyAssistSteps(definition, member, answers);
  const StepHeading = headingLevel === 2 ? 'h2' : 'h4';
  if (steps.length === 0) return <p className="text-slate-700">{COPY_ASSIST_TEXT.nothing}</p>;
  return (
    <div className="space-y-8">
      {steps.map((step) => (
        <section key={step.key} aria-label={step.title}>
          <StepHeading className="border-b border-slate-200 pb-2 text-lg font-bold text-slate-900">
            {step.title}
          </StepHeading>
          {step.sections.map((section) => (
            <div key={section.key} className="mt-4">
              {section.title !== step.title ? (
                <p className="text-sm font-semibold tracking-wide text-slate-500 uppercase">{section.title}</p>
              ) : null}
              <dl className="mt-2 divide-y divide-slate-100 rounded-xl border border-slate-200 bg-white">
                {section.rows.map((row) => (
                  <div
                    key={row.key}
                    className="flex flex-wrap items-center gap-x-4 gap-y-1 px-3 py-2.5 sm:grid sm:grid-cols-[minmax(0,14rem)_minmax(0,1fr)_auto]"
                  >
                    <dt className="w-full text-sm text-slate-600 sm:w-auto">{row.label}</dt>
                    <dd className="min-w-0 flex-1 font-mono text-[0.95rem] break-words text-slate-900">
                      {row.value ?? (
                        <span className="font-sans text-slate-500 italic">{COPY_ASSIST_TEXT.notAnswered}</span>
                      )}
                    </dd>
                    {row.value ? (
                      <dd className="flex flex-wrap items-center gap-2">
                        <CopyButton
                          value={row.value}
                          what={row.label}
                          copiedNotice={`${row.label} copied`}
                          className="btn-outline shrink-0 px-3 py-1.5 text-sm"
                        />
                      </dd>
                    ) : null}
                  </div>
                ))}
              </dl>
            </div>
          ))}
        </section>
      ))}
    </div>
  );
}
