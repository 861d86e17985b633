// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import type { PhotoOrder } from '../../../../domain/photos/orders.ts';
import { photoKeys } from '../../../lib/photo-api.ts';
import { photoOrderAt } from './testing.tsx';
import { useOrderChange } from './use-order.ts';

describe('useOrderChange', () => {
  it('keeps the changed order when a read started before the change is answered after it (CI run 23d)', async () => {
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const key = photoKeys.order('PHO-1001');
    const before = photoOrderAt(4);
    const changed = photoOrderAt(4, { printsHeld: true });
    client.setQueryData(key, before);

    // A read of the order in flight (as a refused Pay starts one), answered with the order as it
    // was before the change.
    let answerRead: (order: PhotoOrder) => void = () => {};
    const read = client.fetchQuery({
      queryKey: key,
      queryFn: () => new Promise<PhotoOrder>((resolve) => (answerRead = resolve)),
      staleTime: 0,
    });

    const wrapper = ({ children }: { children: ReactNode }) => (
      <QueryClientProvider client={client}>{children}</QueryClientProvider>
    );
    const { result } = renderHook(
      () => useOrderChange('PHO-1001', async () => ({ isSuccess: true, statusCode: 200, message: '', data: changed })),
      { wrapper },
    );
    await act(async () => {
      await result.current.mutateAsync(undefined);
    });
    await waitFor(() => expect(result.current.isSuccess).toBe(true));

    answerRead(before);
    await read.catch(() => {});
    expect(client.getQueryData<PhotoOrder>(key)?.printsHeld).toBe(true);
  });
});
