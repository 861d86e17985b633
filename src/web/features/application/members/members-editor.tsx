import { useFieldArray, useFormContext } from 'react-hook-form';
import { z } from 'zod';
import { memberListSchemaFor } from '../../../../domain/applications/members.ts';
import type { ApplicantRule } from '../../../../domain/applications/package-applicants.ts';
import { Icon } from '../../../components/ui/icon.tsx';
import { AddMemberButton } from './add-member-button.tsx';
import { EMPTY_MEMBER, type MemberDraft, MemberFields } from './member-fields.tsx';

export interface MembersFormValues {
  members: MemberDraft[];
}

/** The start page's members, checked by the server's own list rule (1 to 10, one Self, each member's rules). */
export function membersFormSchema(today: string) {
  return z.object({ members: memberListSchemaFor(() => today) });
}

/**
 * The members of a new application, in a react-hook-form form holding `members`: each with
 * their fields, a Remove button while there is more than one, and Add up to MAX_MEMBERS, where
 * the button is disabled and the limit's message says why. With the package's `rule`, a member it
 * is not for is told so as their date of birth is typed, with a link to the service's packages
 * (`packagesHref`).
 */
export function MembersEditor({
  today,
  rule,
  packagesHref,
}: {
  today: string;
  rule?: ApplicantRule;
  packagesHref?: string;
}) {
  const {
    control,
    setFocus,
    formState: { errors },
  } = useFormContext<MembersFormValues>();
  const { fields, append, remove } = useFieldArray({ control, name: 'members' });
  const listError = errors.members?.root?.message ?? errors.members?.message;

  function removeAt(index: number) {
    remove(index);
    // The Remove button is gone with its member: the focus goes to the member before it.
    requestAnimationFrame(() => setFocus(`members.${Math.max(0, index - 1)}.fullName`));
  }

  return (
    <div>
      <ol className="space-y-4">
        {fields.map((field, index) => (
          <li key={field.id} className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5">
            <MemberFields
              prefix={`members.${index}.`}
              today={today}
              {...(rule ? { rule } : {})}
              {...(packagesHref ? { packagesHref } : {})}
              legend={`Member ${index + 1}`}
              aside={
                fields.length > 1 ? (
                  <button
                    type="button"
                    onClick={() => removeAt(index)}
                    aria-label={`Remove member ${index + 1}`}
                    className="address-action text-red-700 hover:bg-red-50"
                  >
                    <Icon name="trash-2" className="size-4" />
                    Remove
                  </button>
                ) : null
              }
            />
          </li>
        ))}
      </ol>
      {listError ? (
        <p role="alert" className="field-error mt-3">
          <Icon name="circle-alert" className="mt-0.5 size-4" />
          {listError}
        </p>
      ) : null}
      <div className="mt-4">
        <AddMemberButton count={fields.length} onAdd={() => append({ ...EMPTY_MEMBER })} />
      </div>
    </div>
  );
}
