import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { type Control, FormProvider, type Resolver, useForm, useWatch } from 'react-hook-form';
import type { MemberKind } from '../../../../domain/applications/member-kinds.ts';
import {
  isIsoDate,
  MEMBER_MESSAGES,
  memberInputSchemaFor,
  memberKindFor,
  type ValidMember,
} from '../../../../domain/applications/members.ts';
import { FormAlert, SubmitButton } from '../../../components/ui/form-field.tsx';
import { Icon } from '../../../components/ui/icon.tsx';
import { type MemberDraft, MemberFields } from './member-fields.tsx';
import { placeMemberErrors } from './server-errors.ts';

/**
 * One member's details on their own (the order page's Add and Edit): the same fields and rules
 * as the start page's list, saved by `onSave`. A refusal's field messages land on the fields,
 * anything else above the buttons; what was typed stays.
 */
export function MemberForm({
  today,
  defaultValues,
  legend,
  saveLabel,
  onSave,
  onCancel,
  kindBefore,
}: {
  today: string;
  defaultValues: MemberDraft;
  /** Editing: the member's kind now, so a date of birth that changes it is said before saving. */
  kindBefore?: MemberKind;
  legend: string;
  saveLabel: string;
  /** Saves the checked member; rejects with the API's error to show. */
  onSave(member: ValidMember): Promise<void>;
  onCancel(): void;
}) {
  const [problem, setProblem] = useState<string | null>(null);
  const form = useForm<MemberDraft, unknown, ValidMember>({
    resolver: zodResolver(memberInputSchemaFor(() => today)) as unknown as Resolver<MemberDraft, unknown, ValidMember>,
    defaultValues,
    // Fields check themselves as they are left or corrected (MemberFields); see there why.
    mode: 'onSubmit',
    reValidateMode: 'onSubmit',
  });

  const submit = form.handleSubmit(async (member) => {
    setProblem(null);
    try {
      await onSave(member);
    } catch (error) {
      setProblem(placeMemberErrors(error, form.setError, 'We could not save this member. Please try again.'));
    }
  });

  return (
    <FormProvider {...form}>
      <form noValidate onSubmit={submit} aria-label={legend} className="space-y-4">
        <MemberFields prefix="" today={today} legend={legend} />
        {kindBefore ? <KindChange control={form.control} today={today} kindBefore={kindBefore} /> : null}
        {problem ? <FormAlert tone="error">{problem}</FormAlert> : null}
        <div className="flex flex-wrap gap-3">
          <SubmitButton
            sending={form.formState.isSubmitting}
            label={saveLabel}
            icon="check"
            className="px-5 py-2.5 text-[0.95rem]"
          />
          <button type="button" onClick={onCancel} className="btn-outline px-5 py-2.5 text-[0.95rem]">
            <Icon name="x" className="size-4" />
            Cancel
          </button>
        </div>
      </form>
    </FormProvider>
  );
}

/**
 * A date of birth that makes an edited member the other kind (a child entered as born in 2000):
 * said as it is typed, since saving gives them the other kind's form.
 */
function KindChange({
  control,
  today,
  kindBefore,
}: {
  control: Control<MemberDraft, unknown, ValidMember>;
  today: string;
  kindBefore: MemberKind;
}) {
  const dateOfBirth = useWatch({ control, name: 'dateOfBirth' }) ?? '';
  const kind = isIsoDate(dateOfBirth) && dateOfBirth <= today ? memberKindFor(dateOfBirth, today) : kindBefore;
  return (
    <p role="status" className={kind === kindBefore ? 'sr-only' : 'rounded-xl bg-amber-50 p-3 text-sm text-amber-950'}>
      {kind === kindBefore ? '' : MEMBER_MESSAGES.kindWillChange(kind)}
    </p>
  );
}
