import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import {
  PHOTO_ORDER_MESSAGES as M,
  PHOTO_SERVICE_TYPE_LABELS,
  PHOTO_SERVICE_TYPES,
  pickupSchema,
} from '../../../../domain/photos/orders.ts';
import { printCounts } from '../../../../domain/photos/sizes.ts';
import type { Address } from '../../../../domain/users/address.ts';
import { ADDRESS_TYPE_LABELS } from '../../../../domain/users/address.ts';
import { COUNTRY_NAMES } from '../../../../domain/users/regions.ts';
import { AddressEditor } from '../../../components/address-editor.tsx';
import { FormAlert } from '../../../components/ui/form-field.tsx';
import { Icon } from '../../../components/ui/icon.tsx';
import { FormField } from '../../../components/ui/labelled-control.tsx';
import { LoadError } from '../../../components/ui/load-error.tsx';

import { ApiError, errorMessage } from '../../../lib/api-client.ts';
import { choosePhotoDelivery, getPhotoAddresses, photoKeys, setPhotoStep } from '../../../lib/photo-api.ts';
import { StepActions, type StepProps } from './step-parts.tsx';
import { DELIVERY_TEXT } from './text.ts';
import { useOrderChange } from './use-order.ts';

type PickupIn = z.input<typeof pickupSchema>;
type PickupOut = z.output<typeof pickupSchema>;

/** Saves the delivery, then moves to step 4 (one answer per call: the order as it now is). */
function useSaveDelivery(ref: string) {
  return useOrderChange(ref, async (body: Parameters<typeof choosePhotoDelivery>[1]) => {
    await choosePhotoDelivery(ref, body);
    return setPhotoStep(ref, 4);
  });
}

/**
 * Step 3: what the plan needs delivered. Pickup at a photo counter (chain, 5-digit pin code,
 * address, message), home delivery through the address sub-stepper (a saved address, default
 * first, or a new one), or nothing for a Digital Copy.
 */
export function DeliveryStep(props: StepProps) {
  const { order, goTo, moving } = props;
  if (order.deliveryMethod === 'pickup') return <PickupForm {...props} />;
  if (order.deliveryMethod === 'home') return <HomeDelivery {...props} />;
  return (
    <div>
      <p className="max-w-2xl text-slate-700">
        {DELIVERY_TEXT.digital(printCounts(order.items.map((item) => item.photoSize)))}
      </p>
      <StepActions back={() => goTo(2)} busy={moving} onContinue={() => goTo(4)} />
    </div>
  );
}

function PickupForm({ order, goTo, moving }: StepProps) {
  const save = useSaveDelivery(order.displayId);
  const saved = order.delivery?.method === 'pickup' ? order.delivery : null;
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<PickupIn, unknown, PickupOut>({
    resolver: zodResolver(pickupSchema),
    mode: 'onTouched',
    defaultValues: {
      method: 'pickup',
      serviceType: saved?.serviceType ?? 'WALGREENS',
      pinCode: saved?.pinCode ?? '',
      addressLine: saved?.addressLine ?? '',
      message: saved?.message ?? '',
    },
  });
  const submit = handleSubmit((values) =>
    save.mutate(values, {
      onError: (error) => {
        const fields = error instanceof ApiError ? error.fieldErrors : {};
        for (const [field, message] of Object.entries(fields)) setError(field as keyof PickupIn, { message });
      },
    }),
  );
  return (
    <form noValidate onSubmit={submit} aria-label="Pickup details">
      <p className="text-slate-700">{DELIVERY_TEXT.pickupLead}</p>
      <div className="card mt-6 grid gap-5 sm:grid-cols-2">
        <fieldset className="sm:col-span-2">
          <legend className="field-label">{DELIVERY_TEXT.chain}</legend>
          <div className="mt-2 flex flex-wrap gap-2">
            {PHOTO_SERVICE_TYPES.map((type) => (
              <label
                key={type}
                className="inline-flex cursor-pointer items-center gap-2 rounded-xl border border-slate-300 px-3 py-2 text-sm font-medium has-checked:border-brand-600 has-checked:bg-brand-50 has-checked:text-brand-800"
              >
                <input type="radio" value={type} {...register('serviceType')} className="accent-brand-600" />
                {PHOTO_SERVICE_TYPE_LABELS[type]}
              </label>
            ))}
          </div>
        </fieldset>
        <FormField label={DELIVERY_TEXT.pinCode} error={errors.pinCode?.message} hint={DELIVERY_TEXT.pinHint}>
          {(c) => (
            <input
              {...c}
              {...register('pinCode')}
              inputMode="numeric"
              autoComplete="postal-code"
              maxLength={5}
              className="field-input"
            />
          )}
        </FormField>
        <FormField label={DELIVERY_TEXT.addressLine} error={errors.addressLine?.message} className="sm:col-span-2">
          {(c) => <input {...c} {...register('addressLine')} autoComplete="street-address" className="field-input" />}
        </FormField>
        <FormField label={DELIVERY_TEXT.message} error={errors.message?.message} className="sm:col-span-2">
          {(c) => <textarea {...c} {...register('message')} rows={3} className="field-input" />}
        </FormField>
      </div>
      {save.isError ? (
        <div className="mt-4">
          <FormAlert tone="error">{errorMessage(save.error, DELIVERY_TEXT.saveFailed)}</FormAlert>
        </div>
      ) : null}
      <StepActions back={() => goTo(2)} busy={moving || save.isPending} submit />
    </form>
  );
}

function HomeDelivery({ order, goTo, moving }: StepProps) {
  const queryClient = useQueryClient();
  const save = useSaveDelivery(order.displayId);
  const addresses = useQuery({
    queryKey: photoKeys.addresses,
    queryFn: async () => (await getPhotoAddresses()).data.results,
  });
  const list = [...(addresses.data ?? [])].sort((a, b) => Number(b.isDefault) - Number(a.isDefault));
  const savedId = order.delivery?.method === 'home' ? order.delivery.addressId : null;
  const [chosen, setChosen] = useState<number | null>(null);
  const selected = chosen ?? savedId ?? list[0]?.id ?? null;
  const [adding, setAdding] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const name = useId();
  // The add form is long and the list short: once it closes, the page would stay scrolled where the
  // form ended (at 390 px, on the footer). The address saved (or, on Cancel, the Add button) is
  // brought back with Deliver here below it, and takes the focus the closed form had.
  const radios = useRef(new Map<number, HTMLInputElement>());
  const addButton = useRef<HTMLButtonElement>(null);
  const deliverHere = useRef<HTMLButtonElement>(null);
  const [back, setBack] = useState<{ to: number | 'add' } | null>(null);
  useEffect(() => {
    if (!back || adding) return;
    const target = back.to === 'add' ? addButton.current : radios.current.get(back.to);
    if (!target) return;
    setBack(null);
    // Deliver here at the bottom of the screen, the address above it; an address far up the list
    // (a new default, shown first) comes first.
    deliverHere.current?.scrollIntoView({ block: 'end' });
    (target.closest('li') ?? target).scrollIntoView({ block: 'nearest' });
    target.focus({ preventScroll: true });
  });

  if (addresses.isError)
    return <LoadError what={DELIVERY_TEXT.loadAddresses} onRetry={() => void addresses.refetch()} />;
  if (!addresses.data) {
    return (
      <p role="status" className="text-slate-700">
        Loading your addresses…
      </p>
    );
  }
  if (adding || list.length === 0) {
    return (
      <div>
        <p className="text-slate-700">{DELIVERY_TEXT.homeLead}</p>
        <div className="card mt-6">
          <AddressEditor
            address={null}
            isFirst={list.length === 0}
            draftKey={`sevaphotos-home-address:${order.displayId}`}
            {...(list.length === 0
              ? { saveLabel: DELIVERY_TEXT.saveAndContinue, cancelLabel: DELIVERY_TEXT.back }
              : {})}
            onDone={(address: Address) => {
              // In the list at once (the read again confirms it), so it can be shown and chosen.
              queryClient.setQueryData<Address[]>(photoKeys.addresses, (known) =>
                known?.some((a) => a.id === address.id)
                  ? known
                  : [...(known ?? []).map((a) => (address.isDefault ? { ...a, isDefault: false } : a)), address],
              );
              void queryClient.invalidateQueries({ queryKey: photoKeys.addresses });
              // The first address is the one the prints go to: on to review, as Continue would.
              if (list.length === 0) return save.mutate({ method: 'home', addressId: address.id });
              setChosen(address.id);
              setBack({ to: address.id });
              setAdding(false);
            }}
            onCancel={() => {
              if (list.length === 0) return goTo(2);
              setBack({ to: 'add' });
              setAdding(false);
            }}
          />
        </div>
      </div>
    );
  }
  return (
    <div>
      <fieldset>
        <legend className="text-lg font-semibold text-slate-900">{DELIVERY_TEXT.chooseAddress}</legend>
        <ul className="mt-4 grid gap-3 sm:grid-cols-2">
          {list.map((address) => (
            <li key={address.id}>
              <label className="flex h-full cursor-pointer gap-3 rounded-2xl border border-slate-300 bg-white p-4 has-[:checked]:border-brand-600 has-[:checked]:bg-brand-50">
                <input
                  ref={(radio) => {
                    if (radio) radios.current.set(address.id, radio);
                    else radios.current.delete(address.id);
                  }}
                  type="radio"
                  name={name}
                  checked={selected === address.id}
                  onChange={() => setChosen(address.id)}
                  className="mt-1 accent-brand-600"
                />
                <span className="min-w-0 text-sm leading-relaxed text-slate-700">
                  <span className="flex flex-wrap items-center gap-2">
                    <span className="font-semibold text-slate-900">{address.fullName}</span>
                    <span className="rounded-full bg-slate-100 px-2 py-0.5 text-xs font-semibold text-slate-700">
                      {ADDRESS_TYPE_LABELS[address.type]}
                    </span>
                    {address.isDefault ? (
                      <span className="rounded-full bg-green-100 px-2 py-0.5 text-xs font-semibold text-green-800">
                        {DELIVERY_TEXT.default}
                      </span>
                    ) : null}
                  </span>
                  <span className="block">{address.addressLine}</span>
                  <span className="block">
                    {address.city}, {address.state} {address.postalCode}, {COUNTRY_NAMES[address.country]}
                  </span>
                </span>
              </label>
            </li>
          ))}
        </ul>
      </fieldset>
      <button
        ref={addButton}
        type="button"
        onClick={() => setAdding(true)}
        className="btn-outline mt-4 px-4 py-2 text-sm"
      >
        <Icon name="plus" className="size-4" />
        {DELIVERY_TEXT.addAddress}
      </button>
      {problem || save.isError ? (
        <div className="mt-4">
          <FormAlert tone="error">{problem ?? errorMessage(save.error, DELIVERY_TEXT.saveFailed)}</FormAlert>
        </div>
      ) : null}
      <StepActions
        back={() => goTo(2)}
        busy={moving || save.isPending}
        continueLabel={DELIVERY_TEXT.useAddress}
        continueRef={deliverHere}
        onContinue={() => {
          if (selected === null) return setProblem(M.addressRequired);
          setProblem(null);
          save.mutate({ method: 'home', addressId: selected });
        }}
      />
    </div>
  );
}
