import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { afterEach, describe, expect, it } from 'vitest';
import type { MemberChecklist, OrderChecklist } from '../../../../domain/applications/documents.ts';
import { applicationKeys } from '../../../lib/application-api.ts';
import { rememberChecklist } from './application-data.ts';

const ORDER = 'SD-1001';

function memberChecklist(fileNames: string[]): MemberChecklist {
  return {
    memberId: 7,
    fullName: 'Kavya Iyer',
    kind: 'Minor',
    items: [],
    otherDocuments: fileNames.map((fileName, index) => ({ id: index + 1, fileName }) as never),
    complete: fileNames.length > 0,
  };
}

const orderChecklist = (member: MemberChecklist): OrderChecklist => ({
  canChangeDocuments: true,
  complete: member.complete,
  members: [member],
});

/** Answers each read of the checklists when the test says so, in the order the reads were made. */
function heldReads() {
  const pending: Array<(answer: OrderChecklist) => void> = [];
  return {
    queryFn: () => new Promise<OrderChecklist>((resolve) => pending.push(resolve)),
    answer: (index: number, checklist: OrderChecklist) => pending[index]?.(checklist),
    count: () => pending.length,
  };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('rememberChecklist', () => {
  let stop = () => {};
  afterEach(() => stop());

  it('keeps an upload’s checklist over a read that started before it, then reads again', async () => {
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const reads = heldReads();
    const queryKey = applicationKeys.checklist(ORDER);
    const observer = new QueryObserver(client, { queryKey, queryFn: reads.queryFn });
    stop = observer.subscribe(() => {});
    const before = orderChecklist(memberChecklist([]));
    reads.answer(0, before);
    await settle();

    // Entering the step (or an answer that moves the checklist) starts a read; the upload lands first.
    void client.invalidateQueries({ queryKey });
    await settle();
    expect(reads.count()).toBe(2);
    const uploaded = memberChecklist(['kavya-1.pdf']);
    await rememberChecklist(client, ORDER, uploaded);

    // The earlier read answers late, with the list as it was before the file.
    reads.answer(1, before);
    await settle();
    expect(client.getQueryData<OrderChecklist>(queryKey)?.members[0]).toEqual(uploaded);

    // Read again after the change: what the server has now (the file, and what the answer changed).
    expect(reads.count()).toBe(3);
    const now = orderChecklist(memberChecklist(['kavya-1.pdf', 'kavya-2.pdf']));
    reads.answer(2, now);
    await settle();
    expect(client.getQueryData<OrderChecklist>(queryKey)).toEqual(now);
  });

  it('reads nothing again when no read was in flight', async () => {
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const reads = heldReads();
    const queryKey = applicationKeys.checklist(ORDER);
    const observer = new QueryObserver(client, { queryKey, queryFn: reads.queryFn, staleTime: 60_000 });
    stop = observer.subscribe(() => {});
    reads.answer(0, orderChecklist(memberChecklist([])));
    await settle();

    const uploaded = memberChecklist(['kavya-1.pdf']);
    await rememberChecklist(client, ORDER, uploaded);
    await settle();
    expect(reads.count()).toBe(1);
    expect(client.getQueryData<OrderChecklist>(queryKey)).toEqual(orderChecklist(uploaded));
  });
});
