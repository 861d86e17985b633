// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import type { DeskOrder } from '../../../domain/admin/orders.ts';
import { DOCUMENT_REQUEST_MESSAGES } from '../../../domain/applications/documents.ts';
import { OTHER_DOCUMENT_MESSAGES as O } from '../../../domain/applications/other-documents.ts';
import { DOCUMENT_UPLOAD } from '../../../domain/uploads/file-types.ts';
import { deskServiceOrder } from '../../testing/desk-fixtures.ts';
import { cleanupAfterEach, fakeApi, installBrowserStubs, ok, renderWithRouter } from '../../testing/dom.tsx';
import { OrderDeskPage } from './order-desk-page.tsx';

beforeAll(installBrowserStubs);
cleanupAfterEach();

const item = (id: string, label: string) => ({
  id,
  label,
  required: true,
  accept: { types: [...DOCUMENT_UPLOAD.types], maxBytes: DOCUMENT_UPLOAD.maxBytes },
  uploaded: false,
  documents: [],
});

/** An order in review whose one member's checklist has a passport and, asked before, a marriage certificate. */
const order = deskServiceOrder('In review', {
  service: {
    checklist: {
      canChangeDocuments: true,
      complete: false,
      members: [
        {
          memberId: 11,
          fullName: 'Priya Sharma',
          kind: 'Adult',
          items: [item('foreign-passport', 'Current foreign passport'), item('other-1a2b3c4d', 'Marriage certificate')],
          otherDocuments: [],
          complete: false,
        },
      ],
    },
  } as unknown as Partial<NonNullable<DeskOrder['service']>>,
});

async function requestForm() {
  renderWithRouter(<OrderDeskPage order={order} renderAnswers={() => null} />, { path: '/admin/orders/DOC-48213907' });
  return screen.findByRole('form', { name: 'Request a document' });
}

describe('the desk’s document request form', () => {
  it('asks for another document by name: the last choice reveals the field, checked with the shared messages', async () => {
    const form = await requestForm();
    const select = within(form).getByRole('combobox', { name: 'Document' }) as HTMLSelectElement;
    // The member's items, the one asked before outside the checklist among them, then "Another document…".
    expect([...select.options].map((o) => o.textContent)).toEqual([
      'Current foreign passport',
      'Marriage certificate',
      O.option,
    ]);
    expect(within(form).queryByRole('textbox', { name: O.fieldLabel })).toBeNull();

    fireEvent.change(select, { target: { value: select.options[2]?.value } });
    const field = within(form).getByRole('textbox', { name: O.fieldLabel }) as HTMLInputElement;
    expect(field.required).toBe(true);
    // Choosing leaves focus where staff are; the field takes it once it needs fixing.
    expect(document.activeElement).not.toBe(field);

    const api = fakeApi({
      'POST /api/v1/admin/orders/DOC-48213907/document-requests': () =>
        ok(
          { itemLabel: 'Name-change affidavit', status: 'Forms incomplete' },
          DOCUMENT_REQUEST_MESSAGES.requested,
          201,
        ),
      'GET /admin/orders/DOC-48213907': () => ok({}),
    });
    fireEvent.change(within(form).getByRole('textbox', { name: 'Note for the customer' }), {
      target: { value: 'The consulate needs it for the new name' },
    });
    fireEvent.change(field, { target: { value: 'ab' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Request document' }));
    await waitFor(() => expect(field.getAttribute('aria-invalid')).toBe('true'));
    const message = document.getElementById(field.getAttribute('aria-describedby')?.split(' ').at(-1) ?? '');
    expect(message?.textContent).toBe(O.labelTooShort);
    expect(document.activeElement).toBe(field);
    expect(api.calls.some((c) => c.method === 'POST')).toBe(false);

    fireEvent.change(field, { target: { value: '  Name-change affidavit ' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Request document' }));
    await waitFor(() =>
      expect(api.calls.find((c) => c.method === 'POST')?.body).toEqual({
        memberId: 11,
        otherDocument: { label: 'Name-change affidavit' },
        note: 'The consulate needs it for the new name',
      }),
    );
  });

  it('drops a name typed for another document once staff go back to an item, and asks for that item by its id', async () => {
    const form = await requestForm();
    const api = fakeApi({
      'POST /api/v1/admin/orders/DOC-48213907/document-requests': () =>
        ok({ itemLabel: 'Marriage certificate', status: 'Forms incomplete' }, DOCUMENT_REQUEST_MESSAGES.requested, 201),
    });
    const select = within(form).getByRole('combobox', { name: 'Document' }) as HTMLSelectElement;
    fireEvent.change(select, { target: { value: select.options[select.options.length - 1]?.value } });
    fireEvent.change(within(form).getByRole('textbox', { name: O.fieldLabel }), {
      target: { value: 'Marriage certificate' },
    });
    // Asked before outside the checklist: it is an item now, asked again by its id, not by a new name.
    fireEvent.change(select, { target: { value: 'other-1a2b3c4d' } });
    expect(within(form).queryByRole('textbox', { name: O.fieldLabel })).toBeNull();
    fireEvent.change(within(form).getByRole('textbox', { name: 'Note for the customer' }), {
      target: { value: 'The second page is missing' },
    });
    fireEvent.click(within(form).getByRole('button', { name: 'Request document' }));
    await waitFor(() =>
      expect(api.calls.find((c) => c.method === 'POST')?.body).toEqual({
        memberId: 11,
        itemId: 'other-1a2b3c4d',
        note: 'The second page is missing',
      }),
    );
  });
});
