// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { documentChecklist } from '../../../../domain/applications/checklist.ts';
import { DOCUMENT_PAGE_MESSAGES as PG } from '../../../../domain/applications/document-pages.ts';
import {
  DOCUMENT_MESSAGES,
  type DocumentView,
  type MemberChecklist,
} from '../../../../domain/applications/documents.ts';
import { DOCUMENT_UPLOAD, PHOTO_UPLOAD } from '../../../../domain/uploads/file-types.ts';
import { fileTooLargeMessage, unsupportedTypeMessage } from '../../../../domain/uploads/messages.ts';
import { TAP_TARGET } from '../../../components/ui/tap-target.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { cleanupAfterEach, installBrowserStubs } from '../../../testing/dom.tsx';
import { DOCUMENT_TEXT } from './document-item.tsx';
import { MemberDocuments } from './member-documents.tsx';

const api = vi.hoisted(() => ({
  uploadDocument: vi.fn(),
  addDocumentPage: vi.fn(),
  removeDocumentPage: vi.fn(),
  deleteDocument: vi.fn(),
  reuseDocument: vi.fn(),
}));
vi.mock('../../../lib/application-api.ts', () => api);

beforeAll(installBrowserStubs);
cleanupAfterEach();

/** The query client a saved proof code refreshes the order's checklists through. */
function withQueries() {
  const client = new QueryClient();
  return ({ children }: { children: React.ReactNode }) => (
    <QueryClientProvider client={client}>{children}</QueryClientProvider>
  );
}

const stored = (id: number, itemId: string, name: string, type: DocumentView['type']): DocumentView => ({
  id,
  memberId: 4,
  itemId,
  direction: 'from-customer',
  name,
  type,
  size: 245_760,
  uploadedBy: 'customer',
  uploadedAt: '2026-11-30T10:00:00.000Z',
  links: {
    download: `/api/v1/application/order/DOC-48213907/documents/${id}/download`,
    preview: `/api/v1/application/order/DOC-48213907/documents/${id}/preview`,
  },
});

function checklist(documents: Record<string, DocumentView[]> = {}, other: DocumentView[] = []): MemberChecklist {
  const items = [
    {
      id: 'foreign-passport',
      label: 'Current foreign passport',
      hint: 'The bio page and the signature page.',
      required: true,
      accept: { types: [...DOCUMENT_UPLOAD.types], maxBytes: DOCUMENT_UPLOAD.maxBytes },
    },
    {
      id: 'photo',
      label: 'Photo',
      required: true,
      accept: { types: [...PHOTO_UPLOAD.types], maxBytes: PHOTO_UPLOAD.maxBytes },
    },
    {
      id: 'renunciation-certificate',
      label: 'Renunciation certificate',
      required: false,
      accept: { types: [...DOCUMENT_UPLOAD.types], maxBytes: DOCUMENT_UPLOAD.maxBytes },
    },
  ].map((item) => ({ ...item, documents: documents[item.id] ?? [], uploaded: (documents[item.id] ?? []).length > 0 }));
  return {
    memberId: 4,
    fullName: 'Priya Sharma',
    kind: 'Adult',
    items,
    otherDocuments: other,
    complete: items.every((i) => !i.required || i.uploaded),
  };
}

function show(list: MemberChecklist, { canChange = true, skip = [] as string[] } = {}) {
  const onChecklist = vi.fn();
  const view = render(
    <MemberDocuments
      orderRef="DOC-48213907"
      checklist={list}
      canChange={canChange}
      onChecklist={onChecklist}
      skip={skip}
    />,
    { wrapper: withQueries() },
  );
  return {
    onChecklist,
    rerender: (next: MemberChecklist) =>
      view.rerender(
        <MemberDocuments
          orderRef="DOC-48213907"
          checklist={next}
          canChange={canChange}
          onChecklist={onChecklist}
          skip={skip}
        />,
      ),
  };
}

const item = (label: string) =>
  screen.getByRole('heading', { level: 3, name: new RegExp(label) }).closest('li') as HTMLElement;
const pdf = (name = 'passport.pdf', size = 4000) => new File([new Uint8Array(size)], name, { type: 'application/pdf' });

beforeEach(() => {
  api.uploadDocument.mockReset();
  api.addDocumentPage.mockReset();
  api.removeDocumentPage.mockReset();
  api.deleteDocument.mockReset();
  api.reuseDocument.mockReset();
});

describe('a member’s documents', () => {
  it('lists the checklist: required or optional, its hint, the picker reachable by keyboard, ticked once uploaded', () => {
    show(checklist({ 'foreign-passport': [stored(11, 'foreign-passport', 'passport.pdf', 'application/pdf')] }), {
      skip: ['photo'],
    });
    expect(screen.getAllByRole('heading', { level: 3 }).map((h) => h.textContent)).toEqual([
      'Current foreign passport',
      'Renunciation certificate',
    ]);
    expect(within(item('Current foreign passport')).getByText('Required')).toBeTruthy();
    expect(within(item('Current foreign passport')).getByText('· Uploaded')).toBeTruthy();
    expect(within(item('Renunciation certificate')).queryByText(/Uploaded/)).toBeNull();
    expect(within(item('Renunciation certificate')).getByText('Optional')).toBeTruthy();
    // It names what the form asked for: an e-Visa's form asks for the passport page, not a signature.
    expect(screen.getByText('Uploaded in the form’s own steps, so not asked again here: Photo.')).toBeTruthy();
    const picker = screen.getByLabelText('Choose file: Renunciation certificate');
    expect(picker.getAttribute('type')).toBe('file');
    expect(picker.tabIndex).toBe(0);
    expect(picker.getAttribute('accept')).toContain('application/pdf');
    // The stored file: its name (the whole of it in the title), size and an Open link for a PDF.
    const passport = item('Current foreign passport');
    expect(within(passport).getByTitle('passport.pdf')).toBeTruthy();
    expect(within(passport).getByText(/240 KB/)).toBeTruthy();
    const open = within(passport).getByRole('link', { name: 'Open passport.pdf' });
    expect(open.getAttribute('href')).toBe('/api/v1/application/order/DOC-48213907/documents/11/preview');
    // Not a word of the sentence but an action beside the size: a thumb's target (WCAG 2.5.8), not 36 × 17 px.
    expect(open.className).toContain(TAP_TARGET);
  });

  it('opens the picker from anywhere in an empty box, not only its link', () => {
    show(checklist({}), { skip: ['photo'] });
    const picker = screen.getByLabelText('Choose file: Renunciation certificate');
    const opened = vi.fn();
    picker.addEventListener('click', opened);
    fireEvent.click(within(item('Renunciation certificate')).getByText(DOCUMENT_TEXT.orDrag));
    expect(opened).toHaveBeenCalledTimes(1);
  });

  it('says the form asked for everything when it did, not that nothing is needed', () => {
    show(checklist(), { skip: ['foreign-passport', 'photo', 'renunciation-certificate'] });
    expect(
      screen.getByText(
        'Uploaded in the form’s own steps, so not asked again here: Current foreign passport, Photo, Renunciation certificate.',
      ),
    ).toBeTruthy();
    expect(
      screen.getByText('Nothing more to upload: the form’s own steps asked for every document this member needs.'),
    ).toBeTruthy();
    expect(screen.queryByText('No documents are needed for this member.')).toBeNull();
  });

  it('shows our team’s request for an item with their note', () => {
    const list = checklist();
    const requested = {
      ...list,
      items: list.items.map((i) =>
        i.id === 'foreign-passport'
          ? { ...i, requested: { note: 'The signature page is cut off', at: '2026-11-30T11:00:00.000Z' } }
          : i,
      ),
    };
    show(requested);
    expect(within(item('Current foreign passport')).getByText('The signature page is cut off')).toBeTruthy();
    expect(within(item('Current foreign passport')).getByText('Requested by our team:')).toBeTruthy();
    expect(within(item('Photo')).queryByText('Requested by our team:')).toBeNull();
  });

  it('shows an image’s small thumbnail, linking to the whole image', () => {
    show(checklist({ photo: [stored(12, 'photo', 'me.jpg', 'image/jpeg')] }));
    const thumbnail = within(item('Photo')).getByRole('img', { name: 'Preview of me.jpg' });
    // Not the phone's 5 MB photo for a 56 px square: the server's small JPEG of it.
    expect(thumbnail.getAttribute('src')).toBe(
      '/api/v1/application/order/DOC-48213907/documents/12/preview?size=thumb',
    );
    expect(thumbnail.closest('a')?.getAttribute('href')).toBe(
      '/api/v1/application/order/DOC-48213907/documents/12/preview',
    );
  });

  it('shows a fitted photo’s checks kept with its document (a minor’s thumb impression, another photo slot)', () => {
    const photo = {
      ...stored(12, 'photo', 'me.jpg', 'image/jpeg'),
      report: {
        sizeId: 'oci-photo' as const,
        checks: [
          { rule: 'one-face' as const, passed: true, measured: '1 face', expected: 'exactly 1', fix: null },
          {
            rule: 'centred' as const,
            passed: false,
            measured: '12 % off centre',
            expected: 'within 5 %',
            fix: 'Stand in the middle of the frame.',
          },
        ],
        passed: false,
        fitted: { widthPx: 600, heightPx: 600, bytes: 84_000, headPercent: 62 },
      },
    };
    show(
      checklist({ photo: [photo], 'foreign-passport': [stored(13, 'foreign-passport', 'p.pdf', 'application/pdf')] }),
    );
    const checks = within(item('Photo')).getByRole('region', { name: 'Check of me.jpg' });
    expect(checks.textContent).toContain('1 rule to fix');
    expect(checks.textContent).toContain('Stand in the middle of the frame.');
    expect(within(item('Current foreign passport')).queryByRole('region', { name: /Check of/ })).toBeNull();
    // In, but with a rule to fix: not the green tick of a finished item.
    expect(within(item('Photo')).getByText(/Uploaded/).parentElement?.textContent).toBe(
      'Required · Uploaded · Worth replacing',
    );
    expect(item('Photo').querySelector('.bg-green-100')).toBeNull();
    expect(item('Photo').querySelector('.bg-amber-100')).not.toBeNull();
    expect(within(item('Current foreign passport')).getByText(/Uploaded/).parentElement?.textContent).toBe(
      'Required · Uploaded',
    );
    expect(item('Current foreign passport').querySelector('.bg-green-100')).not.toBeNull();
  });

  it('adds a photo of the next page to a photo or a file of pages, not to a PDF as sent or a fitted photo (decision 0196)', async () => {
    const bio = stored(13, 'foreign-passport', 'bio.jpg', 'image/jpeg');
    const fitted = {
      ...stored(14, 'photo', 'me.jpg', 'image/jpeg'),
      report: { sizeId: 'oci-photo' as const, checks: [], passed: true, fitted: null },
    };
    const own = stored(15, 'renunciation-certificate', 'scan.pdf', 'application/pdf');
    const assembled = { ...stored(13, 'foreign-passport', 'bio.pdf', 'application/pdf'), pages: 2 };
    const after = checklist({ 'foreign-passport': [assembled], photo: [fitted], 'renunciation-certificate': [own] });
    let finish: () => void = () => {};
    api.addDocumentPage.mockImplementation(
      () => new Promise((resolve) => (finish = () => resolve({ document: assembled, checklist: after }))),
    );
    const { onChecklist, rerender } = show(
      checklist({ 'foreign-passport': [bio], photo: [fitted], 'renunciation-certificate': [own] }),
    );
    expect(within(item('Photo')).queryByLabelText(/^Add a page/)).toBeNull();
    expect(within(item('Renunciation certificate')).queryByLabelText(/^Add a page/)).toBeNull();
    const input = within(item('Current foreign passport')).getByLabelText('Add a page: Current foreign passport');
    // Photos only: a PDF's pages come as one file.
    expect(input.getAttribute('accept')).not.toContain('application/pdf');
    fireEvent.change(input, { target: { files: [pdf('signature page.pdf')] } });
    // Not "JPEG, PNG or HEIC" alone under a line that says "or PDF": where a PDF of every page goes.
    expect((await within(item('Current foreign passport')).findByRole('alert')).textContent).toBe(PG.pdfNotAPage);
    expect(api.addDocumentPage).not.toHaveBeenCalled();

    const page = new File([new Uint8Array(3000)], 'signature page.jpg', { type: 'image/jpeg' });
    fireEvent.change(input, { target: { files: [page] } });
    expect(await screen.findByRole('progressbar', { name: 'Uploading signature page.jpg' })).toBeTruthy();
    // The page joins the file, which stays in view: not shown as a replacement.
    expect(within(item('Current foreign passport')).getByTitle('bio.jpg')).toBeTruthy();
    expect(api.addDocumentPage).toHaveBeenCalledWith('DOC-48213907', 4, 'foreign-passport', page, expect.anything());
    await act(async () => finish());
    expect(onChecklist).toHaveBeenCalledWith(after);
    rerender(after);
    expect(screen.getByText('Page 2 added: bio.pdf now has 2 pages.')).toBeTruthy();
    expect(within(item('Current foreign passport')).getByText(/240 KB · 2 pages/)).toBeTruthy();
    // A file of pages takes more.
    expect(
      within(item('Current foreign passport')).getByLabelText('Add a page: Current foreign passport'),
    ).toBeTruthy();
  });

  it('takes a chosen page out of a file of pages, the last by default, after asking (decision 0197)', async () => {
    const three = { ...stored(13, 'foreign-passport', 'bio.pdf', 'application/pdf'), pages: 3 };
    const two = { ...three, id: 16, pages: 2 };
    const after = checklist({ 'foreign-passport': [two] });
    api.removeDocumentPage.mockResolvedValue({ data: { document: two, checklist: after } });
    const { onChecklist, rerender } = show(
      checklist({
        'foreign-passport': [three],
        // A photo and a PDF as sent have no pages of ours to take out.
        'renunciation-certificate': [stored(15, 'renunciation-certificate', 'scan.pdf', 'application/pdf')],
      }),
    );
    expect(within(item('Renunciation certificate')).queryByRole('button', { name: /^Remove a page/ })).toBeNull();
    const ask = screen.getByRole('button', { name: 'Remove a page of bio.pdf' });
    fireEvent.click(ask);
    const question = screen.getByRole('group', { name: 'Remove a page of bio.pdf' });
    expect(within(question).getByText('Which page of bio.pdf should be removed? “Open” shows its pages.')).toBeTruthy();
    const page = within(question).getByLabelText('Page') as HTMLSelectElement;
    await waitFor(() => expect(document.activeElement).toBe(page));
    expect(page.value).toBe('3');
    expect([...page.options].map((o) => o.value)).toEqual(['1', '2', '3']);
    // Kept with Escape: nothing sent, the focus back on the button.
    fireEvent.keyDown(page, { key: 'Escape' });
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Remove a page of bio.pdf' })),
    );
    expect(api.removeDocumentPage).not.toHaveBeenCalled();

    fireEvent.click(screen.getByRole('button', { name: 'Remove a page of bio.pdf' }));
    fireEvent.change(screen.getByLabelText('Page'), { target: { value: '2' } });
    fireEvent.click(screen.getByRole('button', { name: 'Remove page 2' }));
    await waitFor(() => expect(onChecklist).toHaveBeenCalledWith(after));
    expect(api.removeDocumentPage).toHaveBeenCalledWith('DOC-48213907', 13, 2);
    rerender(after);
    expect(screen.getByText('Page 2 removed: bio.pdf now has 2 pages.')).toBeTruthy();
    expect(within(item('Current foreign passport')).getByText(/240 KB · 2 pages/)).toBeTruthy();
  });

  it('says why a page was not removed, and offers no removal for a file of one page', async () => {
    api.removeDocumentPage.mockRejectedValue(new ApiError(409, { message: PG.changedMeanwhile }, PG.changedMeanwhile));
    const { rerender } = show(
      checklist({
        'foreign-passport': [{ ...stored(13, 'foreign-passport', 'bio.pdf', 'application/pdf'), pages: 2 }],
      }),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Remove a page of bio.pdf' }));
    fireEvent.click(screen.getByRole('button', { name: 'Remove page 2' }));
    expect((await within(item('Current foreign passport')).findByRole('alert')).textContent).toBe(PG.changedMeanwhile);
    rerender(
      checklist({
        'foreign-passport': [{ ...stored(17, 'foreign-passport', 'bio.pdf', 'application/pdf'), pages: 1 }],
      }),
    );
    expect(within(item('Current foreign passport')).getByText(/240 KB · 1 page(?!s)/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: /^Remove a page/ })).toBeNull();
  });

  it('says what letting go of a dragged file does: upload it, or replace the file there', () => {
    show(checklist({ 'foreign-passport': [stored(13, 'foreign-passport', 'bio.pdf', 'application/pdf')] }));
    fireEvent.dragOver(screen.getByTestId('drop-foreign-passport'));
    expect(within(item('Current foreign passport')).getByText('Drop the file to replace bio.pdf')).toBeTruthy();
    fireEvent.dragOver(screen.getByTestId('drop-renunciation-certificate'));
    expect(within(item('Renunciation certificate')).getByText('Drop the file to upload it')).toBeTruthy();
    fireEvent.dragLeave(screen.getByTestId('drop-foreign-passport'));
    expect(within(item('Current foreign passport')).queryByText(/^Drop the file/)).toBeNull();
  });

  it('says why a page was not added, and keeps the file as it was', async () => {
    api.addDocumentPage.mockRejectedValue(new ApiError(409, { message: PG.tooMany }, PG.tooMany));
    show(checklist({ 'foreign-passport': [stored(13, 'foreign-passport', 'bio.jpg', 'image/jpeg')] }));
    const page = new File([new Uint8Array(3000)], 'p.jpg', { type: 'image/jpeg' });
    fireEvent.change(screen.getByLabelText('Add a page: Current foreign passport'), { target: { files: [page] } });
    expect((await within(item('Current foreign passport')).findByRole('alert')).textContent).toBe(PG.tooMany);
    expect(within(item('Current foreign passport')).getByTitle('bio.jpg')).toBeTruthy();
  });

  it('uploads a dropped file with its progress, then hands over the new checklist', async () => {
    let progress: (fraction: number) => void = () => {};
    let finish: () => void = () => {};
    const after = checklist({
      'foreign-passport': [stored(13, 'foreign-passport', 'passport.pdf', 'application/pdf')],
    });
    api.uploadDocument.mockImplementation(
      (_ref, _member, _item, _file, options: { onProgress(f: number): void }) =>
        new Promise((resolve) => {
          progress = options.onProgress;
          finish = () => resolve({ document: after.items[0]?.documents[0], checklist: after });
        }),
    );
    const { onChecklist } = show(checklist());
    fireEvent.drop(screen.getByTestId('drop-foreign-passport'), { dataTransfer: { files: [pdf()] } });
    const bar = await screen.findByRole('progressbar', { name: 'Uploading passport.pdf' });
    expect((bar as HTMLProgressElement).value).toBe(0);
    act(() => progress(0.6));
    expect((bar as HTMLProgressElement).value).toBe(0.6);
    expect(screen.getByText('60%')).toBeTruthy();
    // The file input is held, not disabled, while the file goes up (the focus stays on it).
    const input = screen.getByLabelText(/^Choose file: Current foreign passport/) as HTMLInputElement;
    expect(input.disabled).toBe(false);
    expect(input.getAttribute('aria-disabled')).toBe('true');
    expect(api.uploadDocument).toHaveBeenCalledWith(
      'DOC-48213907',
      4,
      'foreign-passport',
      expect.any(File),
      expect.anything(),
    );
    act(() => finish());
    await waitFor(() => expect(onChecklist).toHaveBeenCalledWith(after));
    await waitFor(() => expect(screen.queryByRole('progressbar')).toBeNull());
    expect(screen.getAllByRole('status').map((s) => s.textContent)).toContain(
      DOCUMENT_TEXT.uploadedName('passport.pdf'),
    );
  });

  it('says why the server refused a file, and keeps the other items as they were', async () => {
    const refusal = unsupportedTypeMessage(DOCUMENT_UPLOAD.types);
    api.uploadDocument.mockRejectedValue(new ApiError(415, { message: refusal }, refusal));
    show(checklist({ 'foreign-passport': [stored(11, 'foreign-passport', 'passport.pdf', 'application/pdf')] }));
    fireEvent.change(screen.getByLabelText('Choose file: Renunciation certificate'), {
      target: { files: [pdf('setup.exe.pdf')] },
    });
    const alert = await within(item('Renunciation certificate')).findByRole('alert');
    expect(alert.textContent).toBe(refusal);
    expect(screen.getByLabelText('Choose file: Renunciation certificate').getAttribute('aria-describedby')).toContain(
      alert.id,
    );
    expect(within(item('Current foreign passport')).getByTitle('passport.pdf')).toBeTruthy();
  });

  it('refuses a file of a type the item does not take before sending it, in the server’s words', async () => {
    show(checklist());
    const notes = new File(['PK'], 'notes.docx', {
      type: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    });
    fireEvent.change(screen.getByLabelText('Choose file: Current foreign passport'), { target: { files: [notes] } });
    expect((await screen.findByRole('alert')).textContent).toBe(unsupportedTypeMessage(DOCUMENT_UPLOAD.types));
    expect(api.uploadDocument).not.toHaveBeenCalled();
  });

  it('refuses an empty or oversized file before sending it', async () => {
    show(checklist());
    fireEvent.change(screen.getByLabelText('Choose file: Current foreign passport'), {
      target: { files: [pdf('empty.pdf', 0)] },
    });
    expect((await screen.findByRole('alert')).textContent).toBe('This file is empty. Please choose the file again.');
    fireEvent.change(screen.getByLabelText('Choose file: Current foreign passport'), {
      target: { files: [pdf('huge.pdf', DOCUMENT_UPLOAD.maxBytes + 1)] },
    });
    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).toBe(fileTooLargeMessage(DOCUMENT_UPLOAD.maxBytes)),
    );
    expect(api.uploadDocument).not.toHaveBeenCalled();
  });

  it('replaces a stored file through the same item', async () => {
    const after = checklist({ 'foreign-passport': [stored(14, 'foreign-passport', 'new.pdf', 'application/pdf')] });
    api.uploadDocument.mockResolvedValue({ document: after.items[0]?.documents[0], checklist: after });
    const { onChecklist } = show(
      checklist({ 'foreign-passport': [stored(11, 'foreign-passport', 'old.pdf', 'application/pdf')] }),
    );
    const replace = within(item('Current foreign passport')).getByText('Replace');
    // The input Replace opens is named after what it does, and rings Replace when it has the focus.
    expect(replace.getAttribute('for')).toBe(screen.getByLabelText('Replace: Current foreign passport').id);
    expect(replace.className).toContain('group-has-[>input:focus-visible]/zone:outline-3');
    expect(screen.queryByLabelText('Choose file: Current foreign passport')).toBeNull();
    fireEvent.change(screen.getByLabelText('Replace: Current foreign passport'), {
      target: { files: [pdf('new.pdf')] },
    });
    await waitFor(() => expect(onChecklist).toHaveBeenCalledWith(after));
    expect(api.uploadDocument.mock.lastCall?.[2]).toBe('foreign-passport');
  });

  it('offers another member’s file beside the picker, and uses it with one tap', async () => {
    const after = checklist({
      'foreign-passport': [stored(31, 'foreign-passport', 'passport.pdf', 'application/pdf')],
    });
    api.reuseDocument.mockResolvedValue({ data: { document: after.items[0]?.documents[0], checklist: after } });
    const onChecklist = vi.fn();
    render(
      <MemberDocuments
        orderRef="DOC-48213907"
        checklist={checklist()}
        canChange
        onChecklist={onChecklist}
        offers={[{ itemId: 'foreign-passport', documentId: 21, label: 'Use Rahul’s passport copy' }]}
      />,
      { wrapper: withQueries() },
    );
    // Only on the item it serves, and the picker stays.
    expect(within(item('Renunciation certificate')).queryByRole('button', { name: /^Use / })).toBeNull();
    const passport = within(item('Current foreign passport'));
    expect(passport.getByLabelText('Choose file: Current foreign passport')).toBeTruthy();
    fireEvent.click(passport.getByRole('button', { name: 'Use Rahul’s passport copy' }));
    await waitFor(() => expect(onChecklist).toHaveBeenCalledWith(after));
    expect(api.reuseDocument).toHaveBeenCalledWith('DOC-48213907', 4, 'foreign-passport', 21);
  });

  it('deletes a file after a confirmation, and keeps it when the customer changes their mind', async () => {
    const after = checklist();
    api.deleteDocument.mockResolvedValue({ data: after });
    const { onChecklist } = show(
      checklist({ 'foreign-passport': [stored(11, 'foreign-passport', 'passport.pdf', 'application/pdf')] }),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Delete passport.pdf' }));
    const confirm = screen.getByRole('group', { name: 'Delete passport.pdf' });
    expect(within(confirm).getByText('Delete passport.pdf? You can upload another file afterwards.')).toBeTruthy();
    await waitFor(() => expect(document.activeElement?.textContent).toBe('Keep it'));
    fireEvent.click(within(confirm).getByRole('button', { name: 'Keep it' }));
    expect(api.deleteDocument).not.toHaveBeenCalled();
    // Kept: the focus is back on Delete. Escape keeps it too.
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Delete passport.pdf' })),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Delete passport.pdf' }));
    await waitFor(() => expect(document.activeElement?.textContent).toBe('Keep it'));
    fireEvent.keyDown(document.activeElement as Element, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('group', { name: 'Delete passport.pdf' })).toBeNull());
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Delete passport.pdf' }));
    expect(api.deleteDocument).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: 'Delete passport.pdf' }));
    fireEvent.click(
      within(screen.getByRole('group', { name: 'Delete passport.pdf' })).getByRole('button', { name: 'Delete' }),
    );
    await waitFor(() => expect(onChecklist).toHaveBeenCalledWith(after));
    expect(api.deleteDocument).toHaveBeenCalledWith('DOC-48213907', 11);
  });

  it('lists files no longer on the checklist so they can be deleted', () => {
    show(checklist({}, [stored(20, 'thumb-impression', 'thumb.png', 'image/png')]));
    const other = screen.getByRole('region', { name: 'Files no longer on the checklist' });
    expect(within(other).getByRole('button', { name: 'Delete thumb.png' })).toBeTruthy();
  });

  it('is read-only once documents can no longer change', () => {
    show(checklist({ 'foreign-passport': [stored(11, 'foreign-passport', 'passport.pdf', 'application/pdf')] }), {
      canChange: false,
    });
    expect(screen.getByText(DOCUMENT_MESSAGES.locked)).toBeTruthy();
    expect(document.querySelector('input[type=file]')).toBeNull();
    expect(screen.queryByRole('button', { name: /Delete/ })).toBeNull();
    expect(screen.getByRole('link', { name: 'Open passport.pdf' })).toBeTruthy();
  });
});

describe('a minor’s checklist (issue 30 §3)', () => {
  const anaya = (): MemberChecklist => {
    const items = (
      documentChecklist({
        serviceSlug: 'oci-card',
        packageSlug: 'new-oci-card',
        choices: { applyingFrom: 'US' },
        memberKind: 'Minor',
        fullName: 'Anaya Sharma',
        dateOfBirth: '2023-05-01',
        today: '2026-11-29',
      }) ?? []
    ).map(({ accept, ...item }) => ({
      ...item,
      accept: { types: [...accept.types], maxBytes: accept.maxBytes },
      uploaded: false,
      documents: [],
    }));
    return { memberId: 9, fullName: 'Anaya Sharma', kind: 'Minor', items, otherDocuments: [], complete: false };
  };

  it('names the child’s own documents after her, never “you”, and says what we send after payment', () => {
    show(anaya());
    const headings = screen.getAllByRole('heading', { level: 3 }).map((h) => h.textContent ?? '');
    expect(headings).toEqual(
      expect.arrayContaining([
        'Anaya’s photo',
        'Anaya’s current foreign passport',
        'Anaya’s birth certificate',
        'Anaya’s thumb impression',
        'First parent’s passport',
      ]),
    );
    for (const heading of headings.filter((h) => h.startsWith('Anaya’s'))) expect(heading).not.toMatch(/\byour?\b/i);
    const form = screen.getByRole('heading', { name: 'Parental Authorization Form' }).closest('li') as HTMLElement;
    expect(within(form).getByText('We prepare it: in your print pack once you have paid')).toBeTruthy();
    expect(within(form).queryByText('Required')).toBeNull();
  });
});
