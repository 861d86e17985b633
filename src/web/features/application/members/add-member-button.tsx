import { type Ref, useId } from 'react';
import { MAX_MEMBERS, MEMBER_MESSAGES } from '../../../../domain/applications/members.ts';
import { Icon } from '../../../components/ui/icon.tsx';

/**
 * "Add a family member", with the limit beside it: disabled at MAX_MEMBERS, and the limit's
 * message says why (tied to the button by aria-describedby).
 */
export function AddMemberButton({ count, onAdd, ref }: { count: number; onAdd(): void; ref?: Ref<HTMLButtonElement> }) {
  const limitId = useId();
  const full = count >= MAX_MEMBERS;
  return (
    <div className="flex flex-wrap items-center gap-x-4 gap-y-2">
      <button
        ref={ref}
        type="button"
        onClick={onAdd}
        disabled={full}
        aria-describedby={limitId}
        className="btn-outline px-4 py-2.5 text-[0.95rem] disabled:cursor-not-allowed disabled:opacity-60"
      >
        <Icon name="user-plus" className="size-4" />
        Add a family member
      </button>
      <p id={limitId} className="text-sm text-slate-600">
        {full ? MEMBER_MESSAGES.tooMany : `Up to ${MAX_MEMBERS} people in one application.`}
      </p>
    </div>
  );
}
