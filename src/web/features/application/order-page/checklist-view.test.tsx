// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import type { MemberChecklist } from '../../../../domain/applications/documents.ts';
import { DOCUMENT_UPLOAD, PHOTO_UPLOAD } from '../../../../domain/uploads/file-types.ts';
import { cleanupAfterEach, installBrowserStubs } from '../../../testing/dom.tsx';
import { ChecklistView, FILES_DELETED_TEXT, itemStanding } from './checklist-view.tsx';
import { DocumentSlotContext } from './document-slot.ts';

const api = vi.hoisted(() => ({ uploadDocument: vi.fn(), deleteDocument: vi.fn() }));
vi.mock('../../../lib/application-api.ts', async (actual) => ({
  ...(await actual<typeof import('../../../lib/application-api.ts')>()),
  uploadDocument: api.uploadDocument,
  deleteDocument: api.deleteDocument,
}));

beforeAll(installBrowserStubs);
cleanupAfterEach();

const checklist: MemberChecklist = {
  memberId: 4,
  fullName: 'Priya Sharma',
  kind: 'Adult',
  items: [
    {
      id: 'foreign-passport',
      label: 'Current foreign passport',
      required: true,
      accept: { types: [...DOCUMENT_UPLOAD.types], maxBytes: DOCUMENT_UPLOAD.maxBytes },
      uploaded: true,
      documents: [],
    },
    {
      id: 'photo',
      label: 'Photo',
      required: true,
      accept: { types: [...PHOTO_UPLOAD.types], maxBytes: PHOTO_UPLOAD.maxBytes },
      uploaded: true,
      documents: [],
      requested: { note: 'Your eyes are closed', at: '2026-11-29T09:00:00.000Z' },
    },
  ],
  otherDocuments: [],
  complete: false,
};

function show(slot: string | null, { canChangeDocuments = true, filesDeleted = false, items = checklist.items } = {}) {
  render(
    <QueryClientProvider client={new QueryClient()}>
      <DocumentSlotContext.Provider value={slot}>
        <ChecklistView
          orderRef="DOC-48213907"
          checklist={{ ...checklist, items }}
          canChangeDocuments={canChangeDocuments}
          filesDeleted={filesDeleted}
        />
      </DocumentSlotContext.Provider>
    </QueryClientProvider>,
  );
}

describe('the order page’s checklist (issue 30 §4)', () => {
  it('opens at the slot an e-mail links to, focused, with the requested document’s upload right there', async () => {
    show('document-4-photo');
    const slot = document.getElementById('document-4-photo') as HTMLElement;
    await waitFor(() => expect(document.activeElement).toBe(slot));
    expect(slot.closest('details')?.open).toBe(true);
    expect(screen.getByText('Your eyes are closed')).toBeTruthy();
    expect(screen.getByLabelText('Choose file: Photo')).toBeTruthy();
    // Items nobody asked for stay read-only.
    expect(screen.queryByLabelText('Choose file: Current foreign passport')).toBeNull();
  });

  it('shows a requested item read-only once documents are closed', () => {
    show(null, { canChangeDocuments: false });
    expect(screen.queryByLabelText('Choose file: Photo')).toBeNull();
    expect(document.getElementById('document-4-photo')).not.toBeNull();
  });

  it('says the documents were deleted under the retention policy, not that they are missing', () => {
    // What the checklist answers once the sweep deleted the order's files: nothing uploaded.
    const items = checklist.items.map((item) => ({ ...item, uploaded: false }));
    show(null, { canChangeDocuments: false, filesDeleted: true, items });
    expect(screen.getByText(FILES_DELETED_TEXT).textContent).toBe('Documents: deleted under our retention policy');
    expect(screen.queryByText(/required uploaded/)).toBeNull();
    expect(screen.queryByText(/Missing/)).toBeNull();
  });
});

describe('a document we prepare, once the order is paid', () => {
  const prepared = {
    id: 'parental-authorization-form',
    label: 'Aarav’s Parental Authorization Form',
    required: true,
    preparedByUs: true as const,
    accept: { types: [...DOCUMENT_UPLOAD.types], maxBytes: DOCUMENT_UPLOAD.maxBytes },
    uploaded: false,
    documents: [],
  };
  const pack = '/api/v1/application/order/DOC-48213907/members/4/print-pack';

  it('says where to print it from, not "once you have paid", and links the print pack', async () => {
    expect(itemStanding(prepared)).toBe('We prepare it: in your print pack once you have paid');
    expect(itemStanding({ ...prepared, printPack: pack })).toBe('We prepared it: print it from your print pack');
    render(
      <QueryClientProvider client={new QueryClient()}>
        <DocumentSlotContext.Provider value={null}>
          <ChecklistView
            orderRef="DOC-48213907"
            checklist={{
              ...checklist,
              items: [
                { ...prepared, printPack: pack, requested: { note: 'Please sign it', at: '2026-11-29T09:00:00.000Z' } },
              ],
            }}
            canChangeDocuments
            filesDeleted={false}
          />
        </DocumentSlotContext.Provider>
      </QueryClientProvider>,
    );
    expect(await screen.findByText('We prepared it: print it from your print pack')).toBeTruthy();
    const link = screen.getByRole('link', { name: 'Print pack (PDF): Aarav’s Parental Authorization Form' });
    expect(link.getAttribute('href')).toBe(pack);
    expect(screen.queryByText(/once you have paid/)).toBeNull();
  });
});
