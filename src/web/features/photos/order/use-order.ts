import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Envelope } from '../../../../domain/api/envelope.ts';
import type { PhotoOrder } from '../../../../domain/photos/orders.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { photoKeys } from '../../../lib/photo-api.ts';
import { putAnswer } from '../../../lib/query-client.tsx';

/**
 * A change to the photo order: every photo order call answers the whole order as it now is, so
 * the answer replaces the cached one (no second request; `putAnswer`). The changes of one order
 * run one at a time (one scope): a late answer to the first of two (a name saved on blur, then
 * Continue) would otherwise put back the order as it was before the second. After a change that
 * failed without saying it changed nothing — no answer (it may have been made), 404 (gone in
 * another tab), 409 (changed under the page: paid, reset) — the order is read again.
 */
export function useOrderChange<V>(orderRef: string, call: (vars: V) => Promise<Envelope<PhotoOrder>>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    scope: { id: `photo-order:${orderRef}` },
    onSuccess: ({ data }) => putAnswer(queryClient, photoKeys.order(orderRef), data),
    onError: (error) => {
      if (error instanceof ApiError && [0, 404, 409].includes(error.status)) {
        void queryClient.invalidateQueries({ queryKey: photoKeys.order(orderRef) });
      }
    },
  });
}
