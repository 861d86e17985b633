// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import type { ChecklistItemStatus, DocumentView } from '../../../../domain/applications/documents.ts';
import type { FormDefinition } from '../../../../domain/forms/definition.ts';
import { readMrzLines } from '../../../../domain/passports/read-mrz.ts';
import { mrzLines, PRIYA } from '../../../../domain/passports/testing.ts';
import { DOCUMENT_UPLOAD } from '../../../../domain/uploads/file-types.ts';
import { fileTooLargeMessage } from '../../../../domain/uploads/messages.ts';
import type { UploadProgress } from '../../../lib/api-client.ts';
import { cleanupAfterEach, fakeApi, installBrowserStubs, ok } from '../../../testing/dom.tsx';
import { FormEngine } from '../form-engine/form-engine.tsx';
import { PASSPORT_COPY_TEXT } from './passport-copy-keeper.tsx';
import { PASSPORT_TEXT, PassportReader } from './passport-reader.tsx';

// The photo's read goes up by XMLHttpRequest (with its progress), which jsdom's fetch stub does not answer.
const read = vi.hoisted(() => ({ readPassportPhoto: vi.fn() }));
vi.mock('./passport-api.ts', async (actual) => ({ ...(await actual<object>()), ...read }));

beforeAll(installBrowserStubs);
cleanupAfterEach();

const TODAY = '2026-11-29';
const definition: FormDefinition = {
  format: 1,
  id: 'test/passport-copy',
  version: 1,
  title: 'Test application',
  steps: [
    {
      key: 'passportStep',
      title: 'Your passport',
      sections: [
        {
          key: 'passport',
          title: 'Your current passport',
          fields: [{ type: 'unique ID', key: 'passportNumber', label: 'Passport number', transforms: ['uppercase'] }],
        },
      ],
    },
  ],
};
const member = '/api/v1/application/order/DOC-1/members/7/passport';
const reading = readMrzLines(mrzLines(PRIYA), TODAY);

const passportItem = (documents: DocumentView[] = []): ChecklistItemStatus => ({
  id: 'foreign-passport',
  label: 'Current foreign passport',
  hint: 'The bio page and the signature page.',
  required: true,
  accept: { types: [...DOCUMENT_UPLOAD.types], maxBytes: DOCUMENT_UPLOAD.maxBytes },
  uploaded: documents.length > 0,
  documents,
});

function renderReader(copyItems: ChecklistItemStatus[], keepCopy = vi.fn()) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <FormEngine
        definition={definition}
        memberKind="Adult"
        initialStep={1}
        today={TODAY}
        stepAddOn={(_step, fill) => (
          <PassportReader
            orderRef="DOC-1"
            memberId={7}
            definition={definition}
            memberKind="Adult"
            memberName="Priya Sharma"
            today={TODAY}
            copies={[]}
            fill={fill}
            copyItems={copyItems}
            keepCopy={keepCopy}
          />
        )}
      />
    </QueryClientProvider>,
  );
  return keepCopy;
}

async function readAndUse(file: File) {
  const reader = await screen.findByRole('region', { name: PASSPORT_TEXT.title });
  fireEvent.change(within(reader).getByLabelText(new RegExp(`^${PASSPORT_TEXT.choose}: `)), {
    target: { files: [file] },
  });
  fireEvent.click(await within(reader).findByRole('button', { name: PASSPORT_TEXT.use }));
  await within(reader).findByText(PASSPORT_TEXT.filled);
  return reader;
}

const photo = () => new File([new Uint8Array(5000)], 'bio page.jpg', { type: 'image/jpeg' });

beforeEach(() => {
  read.readPassportPhoto.mockReset().mockResolvedValue(reading);
  fakeApi({
    [`GET ${member}`]: () => ok(null),
    [`PUT ${member}`]: (call) => ok({ ...(call.body as object), confirmedAt: '2026-11-29T10:00:00.000Z' }),
  });
});

describe('keeping the passport photo read as the copy (decision 0196)', () => {
  it('offers the file read as the empty passport item, and sends it there with its progress on one tap', async () => {
    let progress: UploadProgress = {};
    let finish: () => void = () => {};
    const keepCopy = renderReader(
      [passportItem()],
      vi.fn((_item: string, _file: File, p: UploadProgress) => {
        progress = p;
        return new Promise<void>((resolve) => (finish = resolve));
      }),
    );
    const scrolled = vi.spyOn(Element.prototype, 'scrollIntoView').mockReturnValue(Promise.resolve() as never);
    onTestFinished(() => scrolled.mockRestore());
    const file = photo();
    const reader = await readAndUse(file);
    // The panel with "Use these values" closed under the finger: the reader's heading takes the focus
    // and the screen, so the offer below it is in view (it had been left above a phone's screen).
    const heading = within(reader).getByRole('heading', { name: PASSPORT_TEXT.title });
    expect(document.activeElement).toBe(heading);
    expect(scrolled.mock.contexts.at(-1)).toBe(heading);
    expect(within(reader).getByText(PASSPORT_COPY_TEXT.question('Current foreign passport'))).toBeTruthy();
    expect(within(reader).getByText(PASSPORT_COPY_TEXT.why, { exact: false }).textContent).toBe(
      `${PASSPORT_COPY_TEXT.why} ${PASSPORT_COPY_TEXT.asks('The bio page and the signature page.')}`,
    );
    // In the sentence, the hint's first word in lower case: "asks for the bio page and the signature page."
    expect(PASSPORT_COPY_TEXT.asks('The bio page and the signature page.')).toBe(
      'That document asks for the bio page and the signature page. You can add another page there.',
    );
    // The file just read is not offered to be read again.
    expect(within(reader).queryByRole('button', { name: /^Read the copy you uploaded/ })).toBeNull();
    // Nothing is kept without the tap.
    expect(keepCopy).not.toHaveBeenCalled();

    fireEvent.click(within(reader).getByRole('button', { name: PASSPORT_COPY_TEXT.keep }));
    expect(keepCopy).toHaveBeenCalledWith('foreign-passport', file, expect.anything());
    act(() => progress.onProgress?.(0.5));
    expect(
      (within(reader).getByRole('progressbar', { name: 'Uploading bio page.jpg' }) as HTMLProgressElement).value,
    ).toBe(0.5);
    await act(async () => finish());
    expect(within(reader).getByText(PASSPORT_COPY_TEXT.kept('Current foreign passport'))).toBeTruthy();
    expect(within(reader).queryByRole('button', { name: PASSPORT_COPY_TEXT.keep })).toBeNull();
  });

  it('says why the file was not kept, and offers it again', async () => {
    const keepCopy = renderReader([passportItem()], vi.fn().mockRejectedValue(new Error('offline')));
    const reader = await readAndUse(photo());
    fireEvent.click(within(reader).getByRole('button', { name: PASSPORT_COPY_TEXT.keep }));
    expect((await within(reader).findByRole('alert')).textContent).toBe(PASSPORT_COPY_TEXT.failed);
    expect(within(reader).getByRole('button', { name: PASSPORT_COPY_TEXT.keep })).toBeTruthy();
    expect(keepCopy).toHaveBeenCalledTimes(1);
  });

  it('refuses before sending a file over the item’s limit (the reader takes larger photos than documents)', async () => {
    const keepCopy = renderReader([passportItem()]);
    const big = photo();
    Object.defineProperty(big, 'size', { value: DOCUMENT_UPLOAD.maxBytes + 1 });
    const reader = await readAndUse(big);
    fireEvent.click(within(reader).getByRole('button', { name: PASSPORT_COPY_TEXT.keep }));
    expect((await within(reader).findByRole('alert')).textContent).toBe(fileTooLargeMessage(DOCUMENT_UPLOAD.maxBytes));
    expect(keepCopy).not.toHaveBeenCalled();
  });

  it('offers nothing when the item holds a file, when no item is this passport’s, or when documents are closed', async () => {
    const stored: DocumentView = {
      id: 3,
      memberId: 7,
      itemId: 'foreign-passport',
      direction: 'from-customer',
      name: 'passport.pdf',
      type: 'application/pdf',
      size: 1000,
      uploadedBy: 'customer',
      uploadedAt: '2026-11-29T10:00:00.000Z',
      links: { download: '/d', preview: '/p' },
    };
    for (const items of [[passportItem([stored])], [{ ...passportItem(), id: 'current-passport' }], []]) {
      renderReader(items);
      const reader = await readAndUse(photo());
      // The offer would show with the filled-in line, in the same render.
      expect(within(reader).queryByText(/^Keep this file as/)).toBeNull();
      cleanup();
    }
  });
});
