// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import type { DocumentView, MemberChecklist } from '../../../../domain/applications/documents.ts';
import { TULARE_JURISDICTION } from '../../../../domain/jurisdiction/testing.ts';
import { DOCUMENT_UPLOAD, PHOTO_UPLOAD } from '../../../../domain/uploads/file-types.ts';
import { TAP_TARGET } from '../../../components/ui/tap-target.ts';
import { cleanupAfterEach, installBrowserStubs } from '../../../testing/dom.tsx';
import { PROOF_CODE_TEXT } from '../documents/proof-postal-code.tsx';
import { ChecklistView, DocumentLine, FILES_DELETED_TEXT, itemStanding } from './checklist-view.tsx';
import { DocumentSlotContext } from './document-slot.ts';

const api = vi.hoisted(() => ({ uploadDocument: vi.fn(), deleteDocument: vi.fn(), setProofPostalCode: vi.fn() }));
vi.mock('../../../lib/application-api.ts', async (actual) => ({
  ...(await actual<typeof import('../../../lib/application-api.ts')>()),
  ...api,
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
      // Asked for again: not in until a new file answers the request (documents.ts checklistStatus).
      uploaded: false,
      documents: [],
      requested: { note: 'Your eyes are closed', at: '2026-11-29T09:00:00.000Z' },
    },
  ],
  otherDocuments: [],
  complete: false,
};

function show(
  slot: string | null,
  { canChangeDocuments = true, filesDeleted = false, items = checklist.items, worthReplacing = [] as string[] } = {},
) {
  render(
    <QueryClientProvider client={new QueryClient()}>
      <DocumentSlotContext.Provider value={slot}>
        <ChecklistView
          orderRef="DOC-48213907"
          checklist={{ ...checklist, items }}
          canChangeDocuments={canChangeDocuments}
          filesDeleted={filesDeleted}
          worthReplacing={worthReplacing}
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

const file = (extra: Partial<DocumentView> = {}): DocumentView => ({
  id: 21,
  memberId: 4,
  itemId: 'address-proof',
  direction: 'from-customer',
  name: 'PSEG_bill_Rahul_Nov2026.pdf',
  type: 'application/pdf',
  size: 245_760,
  uploadedBy: 'customer',
  uploadedAt: '2026-11-30T10:00:00.000Z',
  links: { download: '/d', preview: '/p' },
  ...extra,
});

const proofItem = {
  id: 'address-proof',
  label: 'Proof of current address',
  required: true,
  accept: { types: [...DOCUMENT_UPLOAD.types], maxBytes: DOCUMENT_UPLOAD.maxBytes },
  uploaded: true,
  documents: [file()],
  proofCountry: 'US' as const,
};

describe('an item not uploaded', () => {
  it('reads "missing" when required, "not uploaded" when optional: nothing waits on it', () => {
    const absent = { ...proofItem, uploaded: false, documents: [] };
    expect(itemStanding(absent)).toBe('Required · Missing');
    expect(itemStanding({ ...absent, required: false })).toBe('Optional · Not uploaded');
  });
});

describe('a photo in with a rule to fix (walk F)', () => {
  it('reads "worth replacing" with an alert, not the tick of a finished item, and is counted in', () => {
    const photo = {
      ...proofItem,
      id: 'photo',
      label: 'Photo',
      documents: [
        file({
          type: 'image/jpeg',
          report: { sizeId: 'oci-photo' as const, checks: [], passed: false, fitted: null },
        }),
      ],
    };
    expect(itemStanding(photo)).toBe('Required · Uploaded · Worth replacing');
    const report = { sizeId: 'oci-photo' as const, checks: [], passed: true, fitted: null };
    const passed = { ...photo, documents: [file({ type: 'image/jpeg', report })] };
    expect(itemStanding(passed)).toBe('Required · Uploaded');
    show(null, { canChangeDocuments: false, items: [photo] });
    expect(screen.getByText('Documents: 1 of 1 required uploaded')).toBeTruthy();
    const line = screen.getByText('Photo').closest('p') as HTMLElement;
    expect(line.querySelector('use')?.getAttribute('href')).toBe('/icons/ui.svg#circle-alert');
  });

  it('marks an item the order names worth replacing though its own checks pass: the same file as another member’s (walk G)', () => {
    const report = { sizeId: 'oci-signature' as const, checks: [], passed: true, fitted: null };
    const signature = {
      ...proofItem,
      id: 'signature',
      label: 'Signature',
      documents: [file({ type: 'image/jpeg', report })],
    };
    show(null, { canChangeDocuments: false, items: [signature], worthReplacing: ['signature'] });
    const line = screen.getByText('Signature').closest('p') as HTMLElement;
    expect(line.textContent).toBe('Signature · Required · Uploaded · Worth replacing');
    expect(line.querySelector('use')?.getAttribute('href')).toBe('/icons/ui.svg#circle-alert');
  });
});

describe('an item our team asked for again (review r68d #7)', () => {
  const asked = {
    ...proofItem,
    uploaded: false,
    requested: { note: 'The bill is older than three months', at: '2026-12-01T09:00:00.000Z' },
  };

  it('reads "requested again" with an alert, not "uploaded", and is not counted in', () => {
    expect(itemStanding(asked)).toBe('Required · Requested again');
    expect(itemStanding({ ...asked, required: false })).toBe('Optional · Requested again');
    // Asked for the first time, with no file of it ever in (walk H): not "again".
    expect(itemStanding({ ...asked, documents: [] })).toBe('Required · Requested');
    show(null, { canChangeDocuments: false, items: [...checklist.items.slice(0, 1), asked] });
    expect(screen.getByText('Documents: 1 of 2 required uploaded')).toBeTruthy();
    const slot = document.getElementById('document-4-address-proof') as HTMLElement;
    expect(slot.querySelector('use')?.getAttribute('href')).toBe('/icons/ui.svg#circle-alert');
  });

  it('marks an optional item asked for again as an alert too', () => {
    show(null, { canChangeDocuments: false, items: [{ ...asked, required: false }] });
    const slot = document.getElementById('document-4-address-proof') as HTMLElement;
    expect(slot.querySelector('use')?.getAttribute('href')).toBe('/icons/ui.svg#circle-alert');
  });
});

describe('a proof of address on the order page (review r68d #2)', () => {
  it('asks for the code of a proof that has none, as the documents step does, once the request is answered', async () => {
    api.setProofPostalCode.mockResolvedValue({ data: { ...checklist, items: [proofItem] } });
    show(null, { items: [proofItem] });
    const slot = document.getElementById('document-4-address-proof') as HTMLElement;
    const group = within(slot).getByRole('group', { name: PROOF_CODE_TEXT.legend });
    fireEvent.change(within(group).getByLabelText('ZIP code'), { target: { value: '07102' } });
    fireEvent.click(within(group).getByRole('button', { name: PROOF_CODE_TEXT.save }));
    await waitFor(() => expect(api.setProofPostalCode).toHaveBeenCalledWith('DOC-48213907', 4, 'US', '07102'));
  });

  it('shows a code given, and asks nothing once documents are closed', () => {
    const given = file({
      proofAddress: { country: 'US', postalCode: '93277', mission: TULARE_JURISDICTION },
    });
    show(null, { canChangeDocuments: false, items: [proofItem] });
    expect(screen.queryByRole('group', { name: PROOF_CODE_TEXT.legend })).toBeNull();
    cleanup();
    show(null, { canChangeDocuments: false, items: [{ ...proofItem, documents: [given] }] });
    expect(screen.getByText('ZIP 93277 on this document: Consulate General of India, San Francisco.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: PROOF_CODE_TEXT.change })).toBeNull();
  });
});

describe('a file’s line (review r68d #12)', () => {
  it('gives the name the whole line on a phone, the size and date below it; beside them from sm up', () => {
    render(<DocumentLine document={file()} />);
    const name = screen.getByText('PSEG_bill_Rahul_Nov2026.pdf');
    expect(name.className.split(' ')).toEqual(expect.arrayContaining(['basis-full', 'sm:flex-1']));
    expect(name.className.split(' ')).not.toContain('flex-1');
    // Actions of their own, not words of a sentence: a thumb's target (WCAG 2.5.8), not 20 px tall.
    for (const action of [/^Preview /, /^Download /]) {
      expect(screen.getByRole('link', { name: action }).className).toContain(TAP_TARGET);
    }
  });

  it('says how many pages a file assembled from photos holds, and nothing of pages for a file as sent', () => {
    render(<DocumentLine document={{ ...file(), pages: 3 }} />);
    expect(screen.getByText(/ · 3 pages · /)).toBeTruthy();
    cleanup();
    render(<DocumentLine document={file()} />);
    expect(screen.queryByText(/pages/)).toBeNull();
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
