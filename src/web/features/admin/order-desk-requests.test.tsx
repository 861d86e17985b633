// @vitest-environment jsdom
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import { beforeAll, describe, expect, it } from 'vitest';
import type { DeskDocumentRequest } from '../../../domain/admin/orders.ts';
import { DOCUMENT_REQUEST_WITHDRAWAL as W } from '../../../domain/applications/other-documents.ts';
import { deskServiceOrder } from '../../testing/desk-fixtures.ts';
import { cleanupAfterEach, fail, fakeApi, installBrowserStubs, ok, renderWithRouter } from '../../testing/dom.tsx';
import { OrderDeskPage } from './order-desk-page.tsx';

beforeAll(installBrowserStubs);
cleanupAfterEach();

const request = (id: number, answered: DeskDocumentRequest['answered']): DeskDocumentRequest => ({
  id,
  requestId: 100 + id,
  memberId: 11,
  memberName: 'Priya Sharma',
  itemId: 'foreign-passport',
  document: 'Current foreign passport',
  note: 'The signature page is cut off',
  requestedBy: 'meera@example.com',
  requestedAt: '2026-11-03T10:00:00.000Z',
  answered,
  replacesFile: false,
  withdrawn: null,
});

/** An open request for a document outside the checklist (decision 0186): the one the desk may withdraw. */
const marriage = (id: number, changes: Partial<DeskDocumentRequest> = {}): DeskDocumentRequest => ({
  ...request(id, null),
  itemId: 'other-1a2b3c4d',
  document: 'Marriage certificate',
  note: 'The consulate asks for it',
  ...changes,
});

async function requestsOf(documentRequests: DeskDocumentRequest[], status = 'Forms incomplete') {
  renderWithRouter(
    <OrderDeskPage order={deskServiceOrder(status, { service: { documentRequests } })} renderAnswers={() => null} />,
    { path: '/admin/orders/DOC-48213907' },
  );
  const panel = await screen.findByRole('region', { name: 'Request a document' });
  return within(panel).queryByRole('region', { name: 'Requests' });
}

/** The page's data as the loader gives it: `reload` puts the next answer in, as a revalidation would. */
let reload: (requests: DeskDocumentRequest[]) => void = () => {};
function ReloadingDesk() {
  const [documentRequests, setRequests] = useState([marriage(1)]);
  reload = setRequests;
  return (
    <OrderDeskPage
      order={deskServiceOrder('Forms incomplete', { service: { documentRequests } })}
      renderAnswers={() => null}
    />
  );
}

const WITHDRAW_URL = 'POST /api/v1/admin/orders/DOC-48213907/document-requests/101/withdraw';
const withdrawButton = (list: HTMLElement) =>
  within(list).getByRole('button', { name: W.actionName('Marriage certificate', 'Priya Sharma') });

describe('the desk’s document requests', () => {
  it('says who asked for what and when, and that the customer has not answered yet', async () => {
    const list = await requestsOf([request(1, null)]);
    if (!list) throw new Error('no requests list');
    const [item] = within(list).getAllByRole('listitem');
    expect(item?.textContent).toContain('Current foreign passport · Priya Sharma');
    expect(within(list).getByText('Asked Nov 3, 2026, 10:00 AM UTC by meera@example.com')).toBeTruthy();
    expect(within(list).getByText('“The signature page is cut off”')).toBeTruthy();
    expect(within(list).getByText('Waiting for the customer')).toBeTruthy();
  });

  it('says when the customer answered and with which file', async () => {
    const list = await requestsOf([request(1, { at: '2026-11-04T09:30:00.000Z', fileName: 'passport-signed.pdf' })]);
    if (!list) throw new Error('no requests list');
    expect(within(list).getByText('Answered Nov 4, 2026, 9:30 AM UTC (passport-signed.pdf)')).toBeTruthy();
    expect(within(list).queryByText('Waiting for the customer')).toBeNull();
  });

  it('shows no list before staff ask for anything', async () => {
    expect(await requestsOf([])).toBeNull();
  });
});

describe('withdrawing a request for a document outside the checklist (decision 0188)', () => {
  it('is offered on an open one only: not a checklist item’s, an answered or withdrawn one, nor once the order moved on', async () => {
    const answered = { at: '2026-11-04T09:30:00.000Z', fileName: 'marriage.pdf' };
    const withdrawn = { at: '2026-11-05T08:00:00.000Z', by: 'meera@example.com' };
    const list = await requestsOf([
      marriage(1),
      request(2, null),
      marriage(3, { answered }),
      marriage(4, { withdrawn, itemId: 'other-00000004' }),
    ]);
    if (!list) throw new Error('no requests list');
    // Its visible word starts the name a screen reader hears, which says which request it is.
    expect(
      within(list)
        .getAllByRole('button')
        .map((b) => [b.textContent, b.getAttribute('aria-label')]),
    ).toEqual([[W.action, W.actionName('Marriage certificate', 'Priya Sharma')]]);
    expect(within(list).getByText('Withdrawn Nov 5, 2026, 8:00 AM UTC by meera@example.com')).toBeTruthy();
  });

  it('is offered on a checklist item’s request for a new file of one the customer sent, saying the file stays (decision 0192)', async () => {
    const list = await requestsOf([{ ...request(1, null), replacesFile: true }]);
    if (!list) throw new Error('no requests list');
    fireEvent.click(
      within(list).getByRole('button', { name: W.actionName('Current foreign passport', 'Priya Sharma') }),
    );
    const dialog = within(list).getByRole('alertdialog', {
      name: W.confirmTitle('Current foreign passport', 'Priya Sharma'),
    });
    expect(document.getElementById(dialog.getAttribute('aria-describedby') ?? '')?.textContent).toBe(
      W.confirmTextAgain,
    );
  });

  it('is not offered while the order is past taking requests', async () => {
    const list = await requestsOf([marriage(1)], 'Order pending');
    if (!list) throw new Error('no requests list');
    expect(within(list).queryByRole('button')).toBeNull();
  });

  it('asks first, saying what follows; keeping the request sends nothing and gives the focus back', async () => {
    const api = fakeApi({});
    const list = await requestsOf([marriage(1)]);
    if (!list) throw new Error('no requests list');
    fireEvent.click(withdrawButton(list));
    const dialog = within(list).getByRole('alertdialog', {
      name: W.confirmTitle('Marriage certificate', 'Priya Sharma'),
    });
    expect(dialog.getAttribute('aria-describedby')).toBeTruthy();
    expect(document.getElementById(dialog.getAttribute('aria-describedby') ?? '')?.textContent).toBe(W.confirmText);
    // The confirmation takes the focus, so its title and text are read out.
    await waitFor(() => expect(document.activeElement).toBe(dialog));

    fireEvent.click(within(dialog).getByRole('button', { name: W.cancel }));
    expect(within(list).queryByRole('alertdialog')).toBeNull();
    await waitFor(() => expect(document.activeElement).toBe(withdrawButton(list)));

    // Escape keeps it too.
    fireEvent.click(withdrawButton(list));
    fireEvent.keyDown(within(list).getByRole('alertdialog'), { key: 'Escape' });
    expect(within(list).queryByRole('alertdialog')).toBeNull();
    await waitFor(() => expect(document.activeElement).toBe(withdrawButton(list)));
    expect(api.calls.filter((c) => c.method === 'POST')).toEqual([]);
  });

  it('withdraws the request by its id once confirmed, says so, and leaves the focus on its withdrawn line', async () => {
    const api = fakeApi({
      [WITHDRAW_URL]: () => ok({ itemLabel: 'Marriage certificate', status: 'Order pending' }, W.withdrawn),
    });
    renderWithRouter(<ReloadingDesk />, { path: '/admin/orders/DOC-48213907' });
    const list = await screen.findByRole('region', { name: 'Requests' });
    fireEvent.click(withdrawButton(list));
    fireEvent.click(within(list).getByRole('button', { name: W.confirm }));
    expect(await screen.findByText(W.withdrawn)).toBeTruthy();
    const posts = api.calls.filter((c) => c.method === 'POST');
    expect(posts.map((c) => c.path)).toEqual(['/api/v1/admin/orders/DOC-48213907/document-requests/101/withdraw']);
    expect(posts[0]?.body).toBeUndefined();

    act(() => reload([marriage(1, { withdrawn: { at: '2026-11-05T08:00:00.000Z', by: 'meera@example.com' } })]));
    const line = within(list).getByText('Withdrawn Nov 5, 2026, 8:00 AM UTC by meera@example.com');
    await waitFor(() => expect(document.activeElement).toBe(line));
    expect(within(list).queryByRole('button')).toBeNull();
  });

  it('says why the server refused (a file came meanwhile), and gives the focus back to the button', async () => {
    fakeApi({ [WITHDRAW_URL]: () => fail(409, W.fileIn) });
    const list = await requestsOf([marriage(1)]);
    if (!list) throw new Error('no requests list');
    fireEvent.click(withdrawButton(list));
    fireEvent.click(within(list).getByRole('button', { name: W.confirm }));
    const alert = await within(list).findByRole('alert');
    expect(alert.textContent).toBe(W.fileIn);
    expect(within(list).queryByRole('alertdialog')).toBeNull();
    await waitFor(() => expect(document.activeElement).toBe(withdrawButton(list)));
  });
});
