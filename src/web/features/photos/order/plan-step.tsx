import { useQuery } from '@tanstack/react-query';
import { useId, useRef } from 'react';
import { formatMoney } from '../../../../domain/catalog/money.ts';
import { PHOTO_ORDER_MESSAGES, type PhotoOrder, printsOffered } from '../../../../domain/photos/orders.ts';
import {
  optionOffered,
  PHOTO_CURRENCIES,
  type PhotoCurrency,
  type PhotoOption,
  type PhotoPlanId,
  PRINT_PLAN_ID,
} from '../../../../domain/photos/pricing.ts';
import { isPrintedSize, PHOTO_SIZES } from '../../../../domain/photos/sizes.ts';
import { CostSummaryPanel } from '../../../components/cost-summary-panel.tsx';
import { FormAlert } from '../../../components/ui/form-field.tsx';
import { LoadError } from '../../../components/ui/load-error.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import {
  choosePhotoCurrency,
  choosePhotoDelivery,
  choosePhotoPlan,
  getPhotoPlans,
  photoKeys,
} from '../../../lib/photo-api.ts';
import { useChoiceSave } from '../../../lib/use-choice-save.ts';
import { summaryOf } from './order-words.ts';
import { StepActions, type StepProps } from './step-parts.tsx';
import { PLAN_TEXT } from './text.ts';
import { useOrderChange } from './use-order.ts';

/**
 * What the order's sizes allow of prints: the labels of those used as files only, and whether none
 * is printed (the server then refuses print copies and pickup).
 */
function printedSizes(order: PhotoOrder) {
  const sizeIds = order.items.map((item) => item.photoSize);
  const fileOnlyIds = [...new Set(sizeIds.filter((id) => !isPrintedSize(id)))];
  // A file-only size whose document also takes prints of another size the order lacks: where to add them.
  const printsElsewhere = fileOnlyIds.flatMap((id) => {
    const printedAs = PHOTO_SIZES[id].printedAs;
    return printedAs && !sizeIds.includes(printedAs)
      ? [PHOTO_ORDER_MESSAGES.printedAs(PHOTO_SIZES[id].documentType, PHOTO_SIZES[printedAs].label)]
      : [];
  });
  return {
    filesOnly: fileOnlyIds.map((id) => PHOTO_SIZES[id].label),
    nothingPrinted: sizeIds.length > 0 && !printsOffered(sizeIds),
    printsElsewhere,
  };
}

/** The pickup a change of currency took off the order, with the studio details it had (to put back). */
type DroppedPickup = { delivery: Extract<PhotoOrder['delivery'], { method: 'pickup' }> | null };

/**
 * A change of currency, and what it did to pickup: a currency that does not offer it (CAD) takes
 * it off (the server says so, and the flow shows it); choosing one that does again, on this step,
 * puts it back with its studio details when the plan still allows it. A refusal there leaves the
 * currency chosen, with Pickup offered to tick again.
 */
function useCurrencyChange(order: PhotoOrder) {
  const ref = order.displayId;
  const dropped = useRef<DroppedPickup | null>(null);
  return useOrderChange(ref, async (next: PhotoCurrency) => {
    const answer = await choosePhotoCurrency(ref, next);
    if (answer.data.choicesDropped?.options.includes('pickup')) {
      dropped.current = { delivery: order.delivery?.method === 'pickup' ? order.delivery : null };
      return answer;
    }
    const restore = dropped.current;
    const now = answer.data;
    if (!restore || !optionOffered('pickup', next)) return answer;
    dropped.current = null;
    const sizeIds = now.items.map((item) => item.photoSize);
    if (now.pricingPlanId === PRINT_PLAN_ID || now.options.includes('pickup') || !printsOffered(sizeIds)) return answer;
    let latest = answer;
    try {
      latest = await choosePhotoPlan(ref, { pricingPlanId: now.pricingPlanId, options: [...now.options, 'pickup'] });
      if (restore.delivery) {
        const { serviceType, pinCode, addressLine, message } = restore.delivery;
        latest = await choosePhotoDelivery(ref, { method: 'pickup', serviceType, pinCode, addressLine, message });
      }
    } catch {
      // The currency is chosen; what could not be put back is offered to choose again.
    }
    return latest;
  });
}

/**
 * Step 2: the plan (Digital Copy or print copies delivered) and the extras, with the server's
 * prices. Each choice is saved at once, so the cost summary beside it is the server's.
 * Background Change is shown only when every size of the order allows it; print copies and pickup
 * only when a size is printed, and the sizes used as files only are named. In a currency without
 * pickup (CAD) the extras say where pickup is offered.
 */
export function PlanStep({ order, goTo, moving }: StepProps) {
  const ref = order.displayId;
  const currency = order.currency as PhotoCurrency;
  const plans = useQuery({
    queryKey: photoKeys.plans(currency),
    queryFn: async () => (await getPhotoPlans(currency)).data,
    staleTime: Number.POSITIVE_INFINITY,
  });
  const choose = useOrderChange(ref, (body: { pricingPlanId: PhotoPlanId; options: PhotoOption[] }) =>
    choosePhotoPlan(ref, body),
  );
  const name = useId();
  const money = (cents: number) => formatMoney({ amountCents: cents, currency: order.currency });
  const choice = useChoiceSave(choose);
  const save = (pricingPlanId: PhotoPlanId, options: PhotoOption[]) => choice.save({ pricingPlanId, options });
  // While a choice is saved, it shows as made (the server's answer then replaces it, or the error undoes it).
  const shown = choice.sending ?? { pricingPlanId: order.pricingPlanId, options: order.options };
  const toggle = (option: PhotoOption, on: boolean) => {
    const options = on ? [...shown.options, option] : shown.options.filter((o) => o !== option);
    save(shown.pricingPlanId, options);
  };
  const pickCurrency = useCurrencyChange(order);
  const currencyChoice = useChoiceSave(pickCurrency);
  const { filesOnly, nothingPrinted, printsElsewhere } = printedSizes(order);
  const offered = (plans.data?.options ?? []).filter(
    (option) => option.id !== 'background-change' || order.backgroundChangeOffered,
  );

  return (
    <div className="grid gap-8 desk:grid-cols-[1fr_22rem]">
      <div>
        <p className="text-slate-700">{PLAN_TEXT.lead}</p>
        <fieldset className="mt-4" aria-busy={currencyChoice.saving || undefined}>
          <legend className="text-sm font-semibold text-slate-900">{PLAN_TEXT.currency}</legend>
          <div className="mt-2 flex flex-wrap gap-2">
            {PHOTO_CURRENCIES.map((c) => (
              <label
                key={c}
                className="flex cursor-pointer items-center gap-2 rounded-full border border-slate-300 bg-white px-3 py-1.5 text-sm has-[:checked]:border-brand-600 has-[:checked]:bg-brand-50"
              >
                <input
                  type="radio"
                  name={`${name}-currency`}
                  value={c}
                  checked={(currencyChoice.sending ?? currency) === c}
                  onChange={() => currencyChoice.save(c)}
                  className="accent-brand-600"
                />
                {PLAN_TEXT.currencies[c]}
              </label>
            ))}
          </div>
          <p className="mt-1 text-sm text-slate-600">{PLAN_TEXT.currencyHint}</p>
          {pickCurrency.isError ? (
            <div className="mt-2">
              <FormAlert tone="error">{errorMessage(pickCurrency.error, PLAN_TEXT.saveFailed)}</FormAlert>
            </div>
          ) : null}
        </fieldset>
        {plans.isError ? (
          <div className="mt-6">
            <LoadError what={PLAN_TEXT.loadPlans} onRetry={() => void plans.refetch()} />
          </div>
        ) : !plans.data ? (
          <p role="status" className="mt-6 text-slate-700">
            Loading the plans…
          </p>
        ) : (
          <>
            <fieldset className="mt-6 space-y-3" aria-busy={choice.saving || undefined}>
              <legend className="text-lg font-semibold text-slate-900">{PLAN_TEXT.plan}</legend>
              {plans.data.plans.map((plan) => (
                <label
                  key={plan.id}
                  className={`flex items-start gap-3 rounded-xl border border-slate-300 bg-white p-4 has-[:checked]:border-brand-600 has-[:checked]:bg-brand-50 ${nothingPrinted && plan.id === PRINT_PLAN_ID ? 'opacity-70' : 'cursor-pointer'}`}
                >
                  <input
                    type="radio"
                    name={name}
                    value={plan.id}
                    checked={shown.pricingPlanId === plan.id}
                    disabled={nothingPrinted && plan.id === PRINT_PLAN_ID}
                    onChange={() =>
                      save(
                        plan.id,
                        plan.id === PRINT_PLAN_ID ? shown.options.filter((o) => o !== 'pickup') : shown.options,
                      )
                    }
                    className="mt-1 accent-brand-600"
                  />
                  <span className="min-w-0 flex-1">
                    <span className="flex flex-wrap justify-between gap-2">
                      <span className="font-semibold text-slate-900">{plan.label}</span>
                      <span className="font-semibold text-slate-900">
                        {money(plan.unitCents)} <span className="font-normal text-slate-600">{PLAN_TEXT.perItem}</span>
                      </span>
                    </span>
                    <span className="mt-1 block text-sm text-slate-700">{plan.description}</span>
                  </span>
                </label>
              ))}
              {nothingPrinted || filesOnly.length > 0 ? (
                <p className="text-sm text-slate-700">
                  {nothingPrinted ? PHOTO_ORDER_MESSAGES.nothingPrinted : PHOTO_ORDER_MESSAGES.filesOnly(filesOnly)}
                  {printsElsewhere.map((hint) => ` ${hint}`)}
                </p>
              ) : null}
            </fieldset>
            <fieldset className="mt-8 space-y-3">
              <legend className="text-lg font-semibold text-slate-900">{PLAN_TEXT.options}</legend>
              {offered.map((option) => {
                const pickupWithPrint = option.id === 'pickup' && shown.pricingPlanId === PRINT_PLAN_ID;
                const pickupRefused = pickupWithPrint || (option.id === 'pickup' && nothingPrinted);
                return (
                  <label
                    key={option.id}
                    className={`flex items-start gap-3 rounded-xl border border-slate-300 bg-white p-4 has-[:checked]:border-brand-600 has-[:checked]:bg-brand-50 ${pickupRefused ? 'opacity-70' : 'cursor-pointer'}`}
                  >
                    <input
                      type="checkbox"
                      checked={shown.options.includes(option.id)}
                      disabled={pickupRefused}
                      onChange={(event) => toggle(option.id, event.target.checked)}
                      className="mt-1 size-4 accent-brand-600"
                    />
                    <span className="min-w-0 flex-1">
                      <span className="flex flex-wrap justify-between gap-2">
                        <span className="font-semibold text-slate-900">{option.label}</span>
                        <span className="font-semibold text-slate-900">
                          {money(option.unitCents)}{' '}
                          <span className="font-normal text-slate-600">
                            {option.unit === 'item' ? PLAN_TEXT.perItem : PLAN_TEXT.perOrder}
                          </span>
                        </span>
                      </span>
                      <span className="mt-1 block text-sm text-slate-700">
                        {pickupWithPrint
                          ? PLAN_TEXT.pickupNotWithPrint
                          : option.id === 'pickup'
                            ? `${option.description} ${PLAN_TEXT.pickupWhere}`
                            : option.description}
                      </span>
                    </span>
                  </label>
                );
              })}
              {order.backgroundChangeOffered ? null : (
                <p className="text-sm text-slate-600">{PLAN_TEXT.backgroundNote}</p>
              )}
              {nothingPrinted || optionOffered('pickup', currency) ? null : (
                <p className="text-sm text-slate-600">{PHOTO_ORDER_MESSAGES.pickupUsOnly}</p>
              )}
            </fieldset>
          </>
        )}
        {choose.isError ? (
          <div className="mt-4">
            <FormAlert tone="error">{errorMessage(choose.error, PLAN_TEXT.saveFailed)}</FormAlert>
          </div>
        ) : null}
        <StepActions back={() => goTo(1)} busy={moving || choice.saving} onContinue={() => goTo(3)} />
      </div>
      <div>
        <CostSummaryPanel summary={summaryOf(order)} />
      </div>
    </div>
  );
}
