import { type ReactNode, useId } from 'react';
import { type FieldErrors, type FieldValues, get, useFormContext, useWatch } from 'react-hook-form';
import { Link } from 'react-router';
import type { MemberKind } from '../../../../domain/applications/member-kinds.ts';
import {
  DATE_OF_BIRTH_MIN,
  isIsoDate,
  MEMBER_RELATIONSHIPS,
  type MemberRelationship,
  memberKindFor,
} from '../../../../domain/applications/members.ts';
import { type ApplicantRule, applicantRefusal } from '../../../../domain/applications/package-applicants.ts';
import { Icon } from '../../../components/ui/icon.tsx';
import { FormField } from '../../../components/ui/labelled-control.tsx';

/** One member as the editor holds it: the relationship is '' until the customer picks one. */
export interface MemberDraft {
  fullName: string;
  dateOfBirth: string;
  relationship: MemberRelationship | '';
}

export const EMPTY_MEMBER: MemberDraft = { fullName: '', dateOfBirth: '', relationship: '' };

/**
 * Minor or Adult as the date of birth makes them today (null until the date is a real one in
 * range): shown as the customer types, the same rule the server applies.
 */
export function derivedKind(dateOfBirth: string, today: string): MemberKind | null {
  if (!isIsoDate(dateOfBirth) || dateOfBirth < DATE_OF_BIRTH_MIN || dateOfBirth > today) return null;
  return memberKindFor(dateOfBirth, today);
}

const KIND_NOTES: Record<MemberKind, string> = {
  Adult: '18 or over: applies as an Adult',
  Minor: 'Under 18: applies as a Minor, with a parent’s consent in their form',
};

/** Who a refusal names while the member's name is still blank. */
const NO_NAME = 'This member';

const errorAt = (errors: FieldErrors, path: string): string | undefined =>
  (get(errors, path) as { message?: string } | undefined)?.message;

/**
 * The fields of one member (full name, date of birth, relationship) inside a react-hook-form
 * form, at `prefix` ('members.2.' in the start page's list, '' in a one-member form), with the
 * kind derived from the date of birth under it.
 */
export function MemberFields({
  prefix,
  today,
  legend,
  aside,
  rule,
  packagesHref,
}: {
  prefix: string;
  today: string;
  legend: ReactNode;
  /** Beside the legend: the member's Remove button. */
  aside?: ReactNode;
  /** Who the package is for: a member it is not for is told so under the date of birth. */
  rule?: ApplicantRule;
  /** Where the service's other packages are chosen, linked after that refusal. */
  packagesHref?: string;
}) {
  const {
    register,
    control,
    trigger,
    getFieldState,
    formState: { errors },
  } = useFormContext<FieldValues>();
  /**
   * Each field is checked when the customer leaves it having typed something, and again as they
   * correct it while it shows a message. A member just added is not told off for blanks (the
   * forms use mode 'onSubmit', so adding to the list validates nothing), and a message that goes
   * away as it is fixed does not move the page under a click on the next button.
   */
  const field = (name: string) =>
    register(`${prefix}${name}`, {
      onBlur: (event: { target: { value: string } }) => {
        if (event.target.value || getFieldState(`${prefix}${name}`).error) void trigger(`${prefix}${name}`);
      },
      onChange: () => {
        if (getFieldState(`${prefix}${name}`).error) void trigger(`${prefix}${name}`);
      },
    });
  const dateOfBirth: string = useWatch({ control, name: `${prefix}dateOfBirth` }) ?? '';
  const fullName: string = useWatch({ control, name: `${prefix}fullName` }) ?? '';
  const kind = derivedKind(dateOfBirth, today);
  // The server's own refusal, before the order is started (it would refuse the member then).
  const refusal =
    rule && kind ? applicantRefusal(rule, { fullName: fullName.trim() || NO_NAME, kind, dateOfBirth }, today) : null;
  // The note under the date of birth: a refusal is that field's problem, read out with it.
  const noteId = useId();

  return (
    <fieldset className="relative min-w-0">
      {/* The Remove button sits beside the legend, not in it: it is no part of the group's name. */}
      {/* Floated, the legend lays out like a block: the button beside it lines up with it. */}
      <legend className={`float-left w-full py-1.5 text-base font-bold text-slate-900 ${aside ? 'pr-32' : ''}`}>
        {legend}
      </legend>
      {aside ? <div className="absolute top-0 right-0">{aside}</div> : null}
      <div className="clear-both grid gap-4 pt-3 sm:grid-cols-2">
        <FormField
          label="Full name (as in the passport)"
          error={errorAt(errors, `${prefix}fullName`)}
          className="sm:col-span-2"
        >
          {(control) => (
            <input
              {...control}
              {...field('fullName')}
              type="text"
              autoComplete="off"
              autoCapitalize="words"
              spellCheck={false}
              className="field-input"
            />
          )}
        </FormField>
        <div>
          <FormField label="Date of birth" error={errorAt(errors, `${prefix}dateOfBirth`)}>
            {(control) => (
              <input
                {...control}
                {...(refusal
                  ? {
                      'aria-invalid': true,
                      'aria-describedby': [control['aria-describedby'], noteId].filter(Boolean).join(' '),
                    }
                  : {})}
                {...field('dateOfBirth')}
                type="date"
                min={DATE_OF_BIRTH_MIN}
                max={today}
                className="field-input"
              />
            )}
          </FormField>
          <p id={noteId} aria-live="polite" className="mt-2 text-sm">
            {refusal ? (
              <span className="field-error">
                <Icon name="circle-alert" className="mt-0.5 size-4" />
                <span>
                  {refusal}
                  {packagesHref ? (
                    <>
                      {' '}
                      <Link to={packagesHref} className="font-semibold underline underline-offset-2">
                        See this service’s packages
                      </Link>
                    </>
                  ) : null}
                </span>
              </span>
            ) : kind ? (
              <span className="inline-flex flex-wrap items-center gap-2">
                <span
                  className={`rounded-full px-2.5 py-0.5 text-xs font-semibold ${kind === 'Minor' ? 'bg-amber-100 text-amber-900' : 'bg-brand-100 text-brand-800'}`}
                >
                  {kind}
                </span>
                <span className="text-slate-700">{KIND_NOTES[kind]}</span>
              </span>
            ) : (
              <span className="text-slate-600">Minor or Adult follows from the date of birth.</span>
            )}
          </p>
        </div>
        <FormField label="Relationship to you" error={errorAt(errors, `${prefix}relationship`)}>
          {(control) => (
            <select {...control} {...field('relationship')} className="field-input appearance-auto">
              <option value="" disabled>
                Choose…
              </option>
              {MEMBER_RELATIONSHIPS.map((relationship) => (
                <option key={relationship} value={relationship}>
                  {relationship === 'Self' ? 'Self (me)' : relationship}
                </option>
              ))}
            </select>
          )}
        </FormField>
      </div>
    </fieldset>
  );
}
