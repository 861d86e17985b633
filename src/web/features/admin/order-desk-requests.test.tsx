// @vitest-environment jsdom
import { screen, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import type { DeskDocumentRequest } from '../../../domain/admin/orders.ts';
import { deskServiceOrder } from '../../testing/desk-fixtures.ts';
import { cleanupAfterEach, installBrowserStubs, renderWithRouter } from '../../testing/dom.tsx';
import { OrderDeskPage } from './order-desk-page.tsx';

beforeAll(installBrowserStubs);
cleanupAfterEach();

const request = (id: number, answered: DeskDocumentRequest['answered']): DeskDocumentRequest => ({
  id,
  memberId: 11,
  memberName: 'Priya Sharma',
  itemId: 'foreign-passport',
  document: 'Current foreign passport',
  note: 'The signature page is cut off',
  requestedBy: 'meera@example.com',
  requestedAt: '2026-11-03T10:00:00.000Z',
  answered,
});

async function requestsOf(documentRequests: DeskDocumentRequest[]) {
  renderWithRouter(
    <OrderDeskPage
      order={deskServiceOrder('Forms incomplete', { service: { documentRequests } })}
      renderAnswers={() => null}
    />,
    { path: '/admin/orders/DOC-48213907' },
  );
  const panel = await screen.findByRole('region', { name: 'Request a document' });
  return within(panel).queryByRole('region', { name: 'Requests' });
}

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
