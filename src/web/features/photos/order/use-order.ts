import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Envelope } from '../../../../domain/api/envelope.ts';
import type { PhotoOrder } from '../../../../domain/photos/orders.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { photoKeys } from '../../../lib/photo-api.ts';
import { putAnswer } from '../../../lib/query-client.tsx';

/**
 * A change to the photo order: every photo order call answers the whole order as it now is, so
 * the answer replaces the cached one (no second request; `putAnswer`). A 409 means the order
 * changed under the page (paid in another tab, reset): it is read again.
 */
export function useOrderChange<V>(orderRef: string, call: (vars: V) => Promise<Envelope<PhotoOrder>>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: ({ data }) => putAnswer(queryClient, photoKeys.order(orderRef), data),
    onError: (error) => {
      if (error instanceof ApiError && error.status === 409) {
        void queryClient.invalidateQueries({ queryKey: photoKeys.order(orderRef) });
      }
    },
  });
}
