import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { Address } from '../../../domain/users/address.ts';
import { ADDRESS_TYPE_LABELS } from '../../../domain/users/address.ts';
import { COUNTRY_NAMES } from '../../../domain/users/regions.ts';
import { AddressEditor } from '../../components/address-editor.tsx';
import { Icon } from '../../components/ui/icon.tsx';
import { LoadError } from '../../components/ui/load-error.tsx';
import { LoadingStatus } from '../../components/ui/loading-status.tsx';
import { accountKeys, deleteAddress, getAddresses, makeDefaultAddress } from '../../lib/account-api.ts';
import { errorMessage } from '../../lib/api-client.ts';
import { useInlineEditor } from '../../lib/inline-editor.ts';
import { showToast, toastError } from '../../lib/toast.ts';
import { TabPanel } from './tab-panel.tsx';

/** The Address tab: the address book, with one default address (US and Canada). */
export function AddressTab() {
  const queryClient = useQueryClient();
  const addresses = useQuery({
    queryKey: accountKeys.addresses,
    queryFn: async () => (await getAddresses()).data.results,
  });
  const editor = useInlineEditor<Address | 'new'>((target) => (target === 'new' ? 'new' : `edit-${target.id}`));
  const { editing } = editor;
  const [confirming, setConfirming] = useState<number | null>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: accountKeys.addresses });

  const remove = useMutation({
    mutationFn: deleteAddress,
    onSuccess: ({ message }) => {
      showToast(message);
      setConfirming(null);
      return refresh();
    },
    onError: (error) => toastError(errorMessage(error, 'The address could not be deleted. Please try again.')),
  });
  const makeDefault = useMutation({
    mutationFn: makeDefaultAddress,
    onSuccess: ({ message }) => {
      showToast(message);
      return refresh();
    },
    onError: (error) => toastError(errorMessage(error, 'The default address could not be changed. Please try again.')),
  });

  const list = addresses.data ?? [];

  return (
    <TabPanel title="Address" lead="Where we send printed photos and returned documents. One address is your default.">
      {addresses.isError ? (
        <LoadError what="your addresses" onRetry={() => void addresses.refetch()} />
      ) : addresses.isPending ? (
        <LoadingStatus>Loading your addresses…</LoadingStatus>
      ) : editing ? (
        <div ref={editor.editor}>
          <AddressEditor
            address={editing === 'new' ? null : editing}
            isFirst={list.length === 0}
            onDone={() => {
              editor.close();
              void refresh();
            }}
            onCancel={() => editor.close()}
          />
        </div>
      ) : (
        <>
          {list.length === 0 ? (
            <div className="rounded-2xl border border-dashed border-slate-300 px-6 py-10 text-center">
              <Icon name="map-pin" className="mx-auto size-9 text-slate-400" />
              <p className="mt-3 font-semibold text-slate-900">No saved addresses yet</p>
              <p className="mt-1 text-sm text-slate-600">Add one now and it becomes your default address.</p>
            </div>
          ) : (
            <ul className="grid gap-4 lg:grid-cols-2">
              {list.map((address) => (
                <li
                  key={address.id}
                  className="flex flex-col rounded-2xl border border-slate-200 p-4"
                  aria-label={`${ADDRESS_TYPE_LABELS[address.type]} address of ${address.fullName}`}
                >
                  <div className="flex items-center gap-2">
                    <span className="rounded-full bg-slate-100 px-2.5 py-0.5 text-xs font-semibold text-slate-700">
                      {ADDRESS_TYPE_LABELS[address.type]}
                    </span>
                    {address.isDefault ? (
                      <span className="rounded-full bg-green-100 px-2.5 py-0.5 text-xs font-semibold text-green-800">
                        Default
                      </span>
                    ) : null}
                  </div>
                  <address className="mt-3 text-sm leading-relaxed text-slate-700 not-italic">
                    <span className="font-semibold text-slate-900">{address.fullName}</span>
                    <br />
                    {address.addressLine}
                    <br />
                    {address.city}, {address.state} {address.postalCode}
                    <br />
                    {COUNTRY_NAMES[address.country]}
                    {address.phone ? (
                      <>
                        <br />
                        {address.phone}
                      </>
                    ) : null}
                  </address>
                  {address.additionalInfo ? (
                    <p className="mt-2 text-sm text-slate-600">{address.additionalInfo}</p>
                  ) : null}
                  <div className="mt-auto flex flex-wrap gap-2 pt-4">
                    {confirming === address.id ? (
                      <div className="flex flex-wrap items-center gap-2 text-sm">
                        <span className="font-medium text-slate-800">Delete this address?</span>
                        <button
                          type="button"
                          onClick={() => remove.mutate(address.id)}
                          disabled={remove.isPending}
                          className="rounded-lg bg-red-600 px-3 py-1.5 font-semibold text-white hover:bg-red-700"
                        >
                          Delete
                        </button>
                        <button
                          type="button"
                          onClick={() => setConfirming(null)}
                          className="rounded-lg px-3 py-1.5 font-semibold text-slate-700 hover:bg-slate-100"
                        >
                          Keep
                        </button>
                      </div>
                    ) : (
                      <>
                        <button
                          ref={editor.opener(address)}
                          type="button"
                          onClick={() => editor.open(address)}
                          className="address-action"
                        >
                          <Icon name="pencil" className="size-4" />
                          Edit
                        </button>
                        <button type="button" onClick={() => setConfirming(address.id)} className="address-action">
                          <Icon name="trash-2" className="size-4" />
                          Delete
                        </button>
                        {address.isDefault ? null : (
                          <button
                            type="button"
                            onClick={() => makeDefault.mutate(address.id)}
                            disabled={makeDefault.isPending}
                            className="address-action"
                          >
                            <Icon name="check" className="size-4" />
                            Set as default
                          </button>
                        )}
                      </>
                    )}
                  </div>
                </li>
              ))}
            </ul>
          )}
          <button
            ref={editor.opener('new')}
            type="button"
            onClick={() => editor.open('new')}
            className="btn-primary mt-6 px-5 py-2.5 text-[0.95rem]"
          >
            <Icon name="plus" className="size-4" />
            Add address
          </button>
        </>
      )}
    </TabPanel>
  );
}
