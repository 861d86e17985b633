import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { Member } from '../../../domain/applications/members.ts';
import { formatMoney } from '../../../domain/catalog/money.ts';
import type { AddOnOption, ChooseAddOns } from '../../../domain/checkout/api.ts';
import { Panel } from '../../components/ui/panel.tsx';
import { errorMessage } from '../../lib/api-client.ts';
import { applicationKeys } from '../../lib/application-api.ts';
import { chooseAddOns } from '../../lib/order-api.ts';
import { putAnswer } from '../../lib/query-client.tsx';
import { useChoiceSave } from '../../lib/use-choice-save.ts';

export const ADD_ONS_TEXT = {
  title: 'Add-ons',
  lead: 'Optional extras for this application. The cost summary shows what they add.',
  none: 'This package has no add-ons.',
  perMember: 'Choose the members it is for.',
  perOrder: 'Once for the whole order.',
  saving: 'Saving your add-ons…',
  /** Read out once saved: the total the choice comes to. */
  saved: (total: string) => `Add-ons saved. Your total is now ${total}.`,
  failed: 'We could not save your add-ons. Please try again.',
} as const;

/** Every add-on's choice after one checkbox changed: what PUT …/add-ons replaces the choice with. */
export function nextChoice(
  addOns: readonly AddOnOption[],
  changed: { addon: AddOnOption['addon']; memberId?: number; checked: boolean },
): ChooseAddOns {
  const chosen: ChooseAddOns['addOns'] = [];
  for (const option of addOns) {
    if (option.scope === 'order') {
      const on = option.addon === changed.addon ? changed.checked : option.chosen;
      if (on) chosen.push({ addon: option.addon });
      continue;
    }
    let memberIds = option.chosen ? option.memberIds : [];
    if (option.addon === changed.addon && changed.memberId !== undefined) {
      memberIds = changed.checked
        ? [...memberIds.filter((id) => id !== changed.memberId), changed.memberId]
        : memberIds.filter((id) => id !== changed.memberId);
    }
    if (memberIds.length > 0) chosen.push({ addon: option.addon, memberIds });
  }
  return { addOns: chosen };
}

/** The options as they will be once a choice is saved: shown while it is (the box stays as clicked). */
function withChoice(addOns: readonly AddOnOption[], choice: ChooseAddOns): AddOnOption[] {
  return addOns.map((option) => {
    const chosen = choice.addOns.find((c) => c.addon === option.addon);
    return { ...option, chosen: chosen !== undefined, memberIds: chosen?.memberIds ?? [] };
  });
}

/**
 * The package's add-ons with their title, sub-text and price (decision 0054): a per-order one is one
 * checkbox, a per-member one a checkbox per member. Each change saves the whole choice (PUT) and
 * the server answers the new cost summary; while a save runs the boxes wait, so two clicks never race.
 */
export function AddOnsSection({
  orderRef,
  addOns: stored,
  members,
}: {
  orderRef: string;
  addOns: readonly AddOnOption[];
  members: readonly Member[];
}) {
  const queryClient = useQueryClient();
  const [failure, setFailure] = useState<string | null>(null);
  const [saved, setSaved] = useState('');
  const save = useMutation({
    mutationFn: async (body: ChooseAddOns) => (await chooseAddOns(orderRef, body)).data,
    onMutate: () => {
      setFailure(null);
      setSaved('');
    },
    onSuccess: async (summary) => {
      setSaved(ADD_ONS_TEXT.saved(formatMoney({ amountCents: summary.totalCents, currency: summary.currency })));
      await putAnswer(queryClient, applicationKeys.costSummary(orderRef), summary);
      return queryClient.invalidateQueries({ queryKey: applicationKeys.addOns(orderRef) });
    },
    onError: (error) => {
      setFailure(errorMessage(error, ADD_ONS_TEXT.failed));
      return queryClient.invalidateQueries({ queryKey: applicationKeys.addOns(orderRef) });
    },
  });
  const choice = useChoiceSave(save);
  const busy = choice.saving;
  const addOns = choice.sending ? withChoice(stored, choice.sending) : stored;
  const change = (addon: AddOnOption['addon'], checked: boolean, memberId?: number) => {
    if (busy) return;
    choice.save(nextChoice(addOns, { addon, checked, ...(memberId === undefined ? {} : { memberId }) }));
  };

  return (
    <Panel id="checkout-add-ons" title={ADD_ONS_TEXT.title}>
      <p className="mt-1 text-sm text-slate-600">{addOns.length > 0 ? ADD_ONS_TEXT.lead : ADD_ONS_TEXT.none}</p>
      <ul className="mt-4 space-y-4" aria-busy={busy}>
        {addOns.map((option) => {
          const id = `addon-${option.addon.replaceAll(' ', '-').toLowerCase()}`;
          return (
            <li key={option.addon} className="rounded-2xl border border-slate-200 p-4">
              {option.scope === 'order' ? (
                <div className="flex items-start gap-3">
                  <input
                    id={id}
                    type="checkbox"
                    className="mt-1 size-5 shrink-0 accent-brand-600"
                    checked={option.chosen}
                    aria-disabled={busy || undefined}
                    aria-describedby={`${id}-text`}
                    onChange={(event) => change(option.addon, event.target.checked)}
                  />
                  <div>
                    <label htmlFor={id} className="font-semibold text-slate-900">
                      {option.title} <span className="font-normal text-slate-700">· {option.subTitle}</span>
                    </label>
                    <p id={`${id}-text`} className="mt-1 text-sm text-slate-600">
                      {option.subText} {ADD_ONS_TEXT.perOrder}
                    </p>
                  </div>
                </div>
              ) : (
                <fieldset aria-describedby={`${id}-text`}>
                  <legend className="font-semibold text-slate-900">
                    {option.title} <span className="font-normal text-slate-700">· {option.subTitle}</span>
                  </legend>
                  <p id={`${id}-text`} className="mt-1 text-sm text-slate-600">
                    {option.subText} {ADD_ONS_TEXT.perMember}
                  </p>
                  <div className="mt-3 flex flex-wrap gap-x-6 gap-y-2">
                    {members
                      .filter((member) => option.forMemberIds.includes(member.id))
                      .map((member) => (
                        <label key={member.id} className="flex items-center gap-2 text-slate-800">
                          <input
                            type="checkbox"
                            className="size-5 accent-brand-600"
                            checked={option.chosen && option.memberIds.includes(member.id)}
                            aria-disabled={busy || undefined}
                            onChange={(event) => change(option.addon, event.target.checked, member.id)}
                          />
                          {option.title} for {member.fullName}
                        </label>
                      ))}
                  </div>
                </fieldset>
              )}
            </li>
          );
        })}
      </ul>
      <p role="status" className="mt-3 text-sm text-slate-600">
        {busy ? ADD_ONS_TEXT.saving : saved}
      </p>
      {failure ? (
        <p role="alert" className="field-error mt-1">
          {failure}
        </p>
      ) : null}
    </Panel>
  );
}
