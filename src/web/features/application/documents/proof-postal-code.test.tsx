// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import type { DocumentView, MemberChecklist } from '../../../../domain/applications/documents.ts';
import { JURISDICTION_MESSAGES } from '../../../../domain/jurisdiction/messages.ts';
import { TULARE_JURISDICTION } from '../../../../domain/jurisdiction/testing.ts';
import { DOCUMENT_UPLOAD } from '../../../../domain/uploads/file-types.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { applicationKeys } from '../../../lib/application-api.ts';
import { cleanupAfterEach, installBrowserStubs } from '../../../testing/dom.tsx';
import { MemberDocuments } from './member-documents.tsx';
import { PROOF_CODE_TEXT } from './proof-postal-code.tsx';

const api = vi.hoisted(() => ({
  uploadDocument: vi.fn(),
  deleteDocument: vi.fn(),
  reuseDocument: vi.fn(),
  setProofPostalCode: vi.fn(),
}));
vi.mock('../../../lib/application-api.ts', async (actual) => ({
  ...(await actual<typeof import('../../../lib/application-api.ts')>()),
  ...api,
}));

beforeAll(installBrowserStubs);
cleanupAfterEach();

/** Renders `ui` with a query client, as the form page has one: a saved code refreshes every member's checklist. */
function show(ui: ReactNode, client = new QueryClient()) {
  return render(<QueryClientProvider client={client}>{ui}</QueryClientProvider>);
}

const proof = (extra: Partial<DocumentView> = {}): DocumentView => ({
  id: 21,
  memberId: 4,
  itemId: 'address-proof',
  direction: 'from-customer',
  name: 'utility-bill.pdf',
  type: 'application/pdf',
  size: 245_760,
  uploadedBy: 'customer',
  uploadedAt: '2026-11-30T10:00:00.000Z',
  links: { download: '/d', preview: '/p' },
  ...extra,
});

const CONFLICT =
  'proof of address (ZIP 93215) belongs to the Consulate General of India, Los Angeles, but this application goes to the Consulate General of India, San Francisco (Tulare County), from the address in the form. Upload a proof of the address in the form, or correct the address in the form if you have moved.';

function checklist(
  document: DocumentView,
  conflict?: string,
  proofCountry?: 'US' | 'CA',
  proofPostalCode?: string,
): MemberChecklist {
  return {
    memberId: 4,
    fullName: 'Priya Sharma',
    kind: 'Adult',
    items: [
      {
        id: 'address-proof',
        label: 'Proof of current address',
        required: true,
        accept: { types: [...DOCUMENT_UPLOAD.types], maxBytes: DOCUMENT_UPLOAD.maxBytes },
        uploaded: true,
        documents: [document],
        ...(conflict ? { conflict } : {}),
        ...(proofCountry ? { proofCountry } : {}),
        ...(proofPostalCode ? { proofPostalCode } : {}),
      },
    ],
    otherDocuments: [],
    complete: !conflict,
  };
}

describe('the postal code on a proof of address', () => {
  it('asks for it once the file is in, and sends it with its country', async () => {
    const onChecklist = vi.fn();
    const next = checklist(
      proof({ proofAddress: { country: 'US', postalCode: '93277', mission: TULARE_JURISDICTION } }),
    );
    api.setProofPostalCode.mockResolvedValue({ data: next });
    show(<MemberDocuments orderRef="DOC-1" checklist={checklist(proof())} canChange onChecklist={onChecklist} />);
    const group = screen.getByRole('group', { name: PROOF_CODE_TEXT.legend });
    fireEvent.change(within(group).getByLabelText('ZIP code'), { target: { value: '93277' } });
    fireEvent.click(within(group).getByRole('button', { name: PROOF_CODE_TEXT.save }));
    await waitFor(() => expect(onChecklist).toHaveBeenCalledWith(next));
    expect(api.setProofPostalCode).toHaveBeenCalledWith('DOC-1', 4, 'US', '93277');
  });

  it('is marked optional, as the review and the order’s completeness treat it (decision 0118)', () => {
    show(<MemberDocuments orderRef="DOC-1" checklist={checklist(proof())} canChange onChecklist={vi.fn()} />);
    expect(screen.getByRole('group', { name: 'ZIP or postal code on this document (optional)' })).toBeTruthy();
  });

  it('reads every member’s checklist again once saved: a copy of the same proof took the code too', async () => {
    const client = new QueryClient();
    const invalidated = vi.spyOn(client, 'invalidateQueries');
    api.setProofPostalCode.mockResolvedValue({ data: checklist(proof()) });
    show(<MemberDocuments orderRef="DOC-1" checklist={checklist(proof())} canChange onChecklist={vi.fn()} />, client);
    fireEvent.change(screen.getByLabelText('ZIP code'), { target: { value: '93277' } });
    fireEvent.click(screen.getByRole('button', { name: PROOF_CODE_TEXT.save }));
    await waitFor(() =>
      expect(invalidated).toHaveBeenCalledWith({ queryKey: applicationKeys.checklist('DOC-1'), exact: true }),
    );
  });

  it('asks in the order’s country first: a family applying from Canada types a postal code straight away', async () => {
    const onChecklist = vi.fn();
    api.setProofPostalCode.mockResolvedValue({ data: checklist(proof()) });
    show(
      <MemberDocuments
        orderRef="DOC-1"
        checklist={checklist(proof(), undefined, 'CA')}
        canChange
        onChecklist={onChecklist}
      />,
    );
    expect((screen.getByLabelText('Country') as HTMLSelectElement).value).toBe('CA');
    fireEvent.change(screen.getByLabelText('Postal code'), { target: { value: 'M5V 2T6' } });
    fireEvent.click(screen.getByRole('button', { name: PROOF_CODE_TEXT.save }));
    await waitFor(() => expect(onChecklist).toHaveBeenCalledTimes(1));
    expect(api.setProofPostalCode).toHaveBeenCalledWith('DOC-1', 4, 'CA', 'M5V 2T6');
  });

  it('names the ZIP of the address in the form and leaves the field for the code the paper shows', async () => {
    const onChecklist = vi.fn();
    api.setProofPostalCode.mockResolvedValue({ data: checklist(proof()) });
    show(
      <MemberDocuments
        orderRef="DOC-1"
        checklist={checklist(proof(), undefined, 'US', '93277')}
        canChange
        onChecklist={onChecklist}
      />,
    );
    const group = screen.getByRole('group', { name: PROOF_CODE_TEXT.legend });
    const code = within(group).getByLabelText('ZIP code') as HTMLInputElement;
    // Typed off the paper, not filled in: one tap would otherwise save it unread.
    expect(code.value).toBe('');
    expect(group.textContent).toContain('The address in your form has 93277: type the code this document shows.');
    // Read off the paper: another code printed there is the one sent.
    fireEvent.change(code, { target: { value: '93291' } });
    fireEvent.click(within(group).getByRole('button', { name: PROOF_CODE_TEXT.save }));
    await waitFor(() => expect(onChecklist).toHaveBeenCalledTimes(1));
    expect(api.setProofPostalCode).toHaveBeenCalledWith('DOC-1', 4, 'US', '93291');
  });

  it('inside the application form, sends the code without submitting the form (its next step)', async () => {
    const onChecklist = vi.fn();
    const submitted = vi.fn((event: React.FormEvent) => event.preventDefault());
    api.setProofPostalCode.mockResolvedValue({ data: checklist(proof()) });
    show(
      <form onSubmit={submitted}>
        <MemberDocuments orderRef="DOC-1" checklist={checklist(proof())} canChange onChecklist={onChecklist} />
      </form>,
    );
    const code = screen.getByLabelText('ZIP code');
    fireEvent.change(code, { target: { value: '93277' } });
    fireEvent.keyDown(code, { key: 'Enter' });
    await waitFor(() => expect(onChecklist).toHaveBeenCalledTimes(1));
    fireEvent.click(screen.getByRole('button', { name: PROOF_CODE_TEXT.save }));
    await waitFor(() => expect(onChecklist).toHaveBeenCalledTimes(2));
    expect(submitted).not.toHaveBeenCalled();
  });

  it('shows the code given with its mission, and why the application waits when the mission is another', () => {
    const given = proof({ proofAddress: { country: 'US', postalCode: '93215', mission: TULARE_JURISDICTION } });
    show(<MemberDocuments orderRef="DOC-1" checklist={checklist(given, CONFLICT)} canChange onChecklist={vi.fn()} />);
    expect(screen.getByText('ZIP 93215 on this document: Consulate General of India, San Francisco.')).toBeTruthy();
    // A Canadian code's words are a sentence's start too.
    expect(PROOF_CODE_TEXT.onDocument('postal code V6Z 1R8', 'Consulate General of India, Vancouver')).toBe(
      'Postal code V6Z 1R8 on this document: Consulate General of India, Vancouver.',
    );
    expect(screen.getByRole('alert').textContent).toBe(`P${CONFLICT.slice(1)}`);
    expect(screen.getByRole('button', { name: PROOF_CODE_TEXT.change })).toBeTruthy();
  });

  it('says the server’s message for a code no mission is known for', async () => {
    api.setProofPostalCode.mockRejectedValue(
      new ApiError(422, { message: JURISDICTION_MESSAGES.unknown }, JURISDICTION_MESSAGES.unknown),
    );
    show(<MemberDocuments orderRef="DOC-1" checklist={checklist(proof())} canChange onChecklist={vi.fn()} />);
    fireEvent.change(screen.getByLabelText('Country'), { target: { value: 'CA' } });
    fireEvent.change(screen.getByLabelText('Postal code'), { target: { value: 'X0A 0H0' } });
    fireEvent.click(screen.getByRole('button', { name: PROOF_CODE_TEXT.save }));
    expect((await screen.findByRole('alert')).textContent).toBe(JURISDICTION_MESSAGES.unknown);
    expect(screen.getByLabelText('Postal code').getAttribute('aria-invalid')).toBe('true');
  });
});
