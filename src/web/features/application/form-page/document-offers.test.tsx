// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ChecklistItemStatus, MemberChecklist } from '../../../../domain/applications/documents.ts';
import type { Member } from '../../../../domain/applications/members.ts';
import { DOCUMENT_UPLOAD } from '../../../../domain/uploads/file-types.ts';
import { cleanupAfterEach, fakeApi, installBrowserStubs, ok } from '../../../testing/dom.tsx';
import { memberForm } from '../../../testing/order-fixtures.ts';
import { useDocumentOffers } from './document-offers.ts';

beforeAll(installBrowserStubs);
cleanupAfterEach();

const REF = 'DOC-48213907';

const member = (id: number, fullName: string, kind: Member['kind'], relationship: Member['relationship']): Member => ({
  id,
  fullName,
  dateOfBirth: kind === 'Adult' ? '1988-02-03' : '2023-06-01',
  kind,
  relationship,
  position: id,
  progress: { currentStep: 1, totalSteps: 8, reviewed: false },
  createdAt: '2026-11-30T09:00:00.000Z',
  updatedAt: '2026-11-30T09:00:00.000Z',
});

/** An item with its documents: by number, or with the file's name where two hold the same file. */
const item = (id: string, documentIds: (number | [number, string])[] = []): ChecklistItemStatus => ({
  id,
  label: id,
  required: true,
  accept: { types: [...DOCUMENT_UPLOAD.types], maxBytes: DOCUMENT_UPLOAD.maxBytes },
  uploaded: documentIds.length > 0,
  documents: documentIds.map((document) => ({
    id: typeof document === 'number' ? document : document[0],
    memberId: null,
    itemId: id,
    direction: 'from-customer',
    name: typeof document === 'number' ? `${id}.pdf` : document[1],
    type: 'application/pdf',
    size: 1000,
    uploadedBy: 'customer',
    uploadedAt: '2026-11-30T09:00:00.000Z',
    links: { download: '', preview: '' },
  })),
});

const checklist = (memberId: number, items: ChecklistItemStatus[]): MemberChecklist => ({
  memberId,
  fullName: '',
  kind: 'Minor',
  items,
  otherDocuments: [],
  complete: false,
});

const form = memberForm;

// A US mother applying with her 3-year-old; the father, who has died, does not apply.
const meera = member(1, 'Meera Iyer', 'Adult', 'Self');
const diya = member(2, 'Diya Iyer', 'Minor', 'Child');

function render(diyaItems: ChecklistItemStatus[], family: { member: Member; items: ChecklistItemStatus[] }[] = []) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>{children}</QueryClientProvider>
  );
  const checklists = [
    checklist(1, [item('foreign-passport', [[31, 'meera-passport.pdf']])]),
    ...family.map((f) => checklist(f.member.id, f.items)),
    checklist(2, diyaItems),
  ];
  const members = [meera, ...family.map((f) => f.member), diya];
  return renderHook(() => useDocumentOffers(REF, diya.id, members, checklists, true), { wrapper });
}

describe('useDocumentOffers', () => {
  it('offers the passport of the parent the child’s answers say signs alone, from the family’s forms', async () => {
    const api = fakeApi({
      [`GET /api/v1/application/order/${REF}/members/1/form`]: () => ok(form(1, { sex: 'female' })),
      [`GET /api/v1/application/order/${REF}/members/2/form`]: () =>
        ok(form(2, { parentsSituation: 'widowed', livingParent: 'mother' })),
    });
    const { result } = render([item('signing-parent-passport'), item('parent-death-certificate')]);
    await waitFor(() =>
      expect(result.current).toEqual([
        { itemId: 'signing-parent-passport', documentId: 31, label: 'Use Meera’s passport copy' },
      ]),
    );
    expect(api.calls.map((c) => c.path).sort()).toEqual([
      `/api/v1/application/order/${REF}/members/1/form`,
      `/api/v1/application/order/${REF}/members/2/form`,
    ]);
  });

  it('offers a file once: a brother’s copy of the mother’s passport is hers', async () => {
    // A walk: Aarav took Meera's copy, and Diya was offered "Use Meera’s passport copy" and "Use
    // the copy uploaded for Aarav" for the same file; his own scan of it is another file.
    fakeApi({});
    const aarav = member(3, 'Aarav Iyer', 'Minor', 'Child');
    const { result } = render(
      [item('parent-passport-1'), item('indian-origin-proof')],
      [
        {
          member: aarav,
          items: [
            item('parent-passport-1', [[41, 'meera-passport.pdf']]),
            item('indian-origin-proof', [[43, 'grandfather-passport.pdf']]),
          ],
        },
      ],
    );
    expect(result.current).toEqual([
      { itemId: 'parent-passport-1', documentId: 31, label: 'Use Meera’s passport copy' },
      { itemId: 'indian-origin-proof', documentId: 43, label: 'Use the copy uploaded for Aarav' },
    ]);
  });

  it('reads no form when no missing document depends on who signs', async () => {
    const api = fakeApi({});
    const { result } = render([item('parent-passport-1'), item('signing-parent-passport', [77])]);
    expect(result.current).toEqual([
      { itemId: 'parent-passport-1', documentId: 31, label: 'Use Meera’s passport copy' },
    ]);
    await Promise.resolve();
    expect(api.calls).toEqual([]);
  });
});
