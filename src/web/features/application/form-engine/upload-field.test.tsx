// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createRef } from 'react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import type { ChecklistItemStatus } from '../../../../domain/applications/documents.ts';
import type { FormDefinition, UploadField } from '../../../../domain/forms/definition.ts';
import type { FileRef } from '../../../../domain/forms/files.ts';
import type { ComplianceReport } from '../../../../domain/photos/compliance.ts';
import { PHOTO_PROMISE } from '../../../../domain/photos/promise.ts';
import { DOCUMENT_UPLOAD } from '../../../../domain/uploads/file-types.ts';
import { ApiError, UPLOAD_STALLED } from '../../../lib/api-client.ts';
import { cleanupAfterEach, installBrowserStubs } from '../../../testing/dom.tsx';
import { DocumentItem } from '../documents/document-item.tsx';
import type { UploadContext, UploadedFile, UploadFile } from './engine-context.ts';
import { ENGINE_TEXT, FormEngine, type FormEngineHandle, type FormEngineProps } from './form-engine.tsx';
import { UPLOAD_TEXT } from './upload-field.tsx';

beforeAll(installBrowserStubs);
cleanupAfterEach();

const passportPage: UploadField = {
  type: 'file upload',
  key: 'passportPage',
  label: 'Passport photo page',
  required: true,
  rules: { maxSize: 300 * 1024, fileTypes: ['application/pdf'] },
  uploadMode: 'onDrop',
};
const photo: UploadField = { type: 'image upload', key: 'photo', label: 'Your photo', uploadMode: 'onUpload' };
/** As the OCI form asks it: what a phone makes, sent on choosing, fitted by the server. */
const phonePhotoField: UploadField = {
  type: 'image upload',
  key: 'photo',
  label: 'Your photo',
  rules: { maxSize: 15 * 1024 * 1024, fileTypes: ['image/jpeg', 'image/png', 'image/heic', 'image/heif'] },
  uploadMode: 'onDrop',
};
const ociReport: ComplianceReport = {
  sizeId: 'oci-photo',
  checks: [
    { rule: 'one-face', passed: true, measured: '1 face', expected: 'exactly 1', fix: null },
    {
      rule: 'centred',
      passed: false,
      measured: '12 % off centre',
      expected: 'within 5 %',
      fix: 'Stand in the middle of the frame.',
    },
  ],
  passed: false,
  fitted: { widthPx: 600, heightPx: 600, bytes: 84_000, headPercent: 62 },
};

function renderUpload(
  field: UploadField,
  upload?: UploadFile,
  defaultValues = {},
  fileUrl?: FormEngineProps['fileUrl'],
  fileReport?: (ref: FileRef) => ComplianceReport | undefined,
  onComplete?: FormEngineProps['onComplete'],
) {
  const definition: FormDefinition = {
    format: 1,
    id: 'test/upload',
    version: 1,
    title: 'Uploads',
    steps: [{ key: 'docs', title: 'Documents', sections: [{ key: 'files', title: 'Files', fields: [field] }] }],
  };
  const handle = renderEngine({ definition, upload, fileUrl, fileReport, defaultValues, onComplete });
  return { values: () => handle.current?.getValues() ?? {} };
}

/** The form engine of `props`, for an adult, today 2026-11-30; its handle. */
function renderEngine(props: Omit<FormEngineProps, 'memberKind' | 'today'>) {
  const handle = createRef<FormEngineHandle>();
  render(<FormEngine memberKind="Adult" today="2026-11-30" {...props} ref={handle} />);
  return handle;
}

const pdf = (size = 1000, name = 'passport.pdf') => new File([new Uint8Array(size)], name, { type: 'application/pdf' });

/** An upload that waits for the test to report progress and finish. */
function controlledUpload() {
  let context: UploadContext | undefined;
  let finish: ((uploaded: UploadedFile) => void) | undefined;
  let fail: ((error: Error) => void) | undefined;
  const upload = vi.fn<UploadFile>(
    (_file, ctx) =>
      new Promise<UploadedFile>((resolve, reject) => {
        context = ctx;
        finish = resolve;
        fail = reject;
      }),
  );
  return {
    upload,
    progress: (fraction: number) => act(() => context?.onProgress(fraction)),
    finish: (ref: FileRef, report?: ComplianceReport) => act(async () => finish?.(report ? { ref, report } : { ref })),
    /** A failure with `status`; a refusal carries our words as its body unless `body` is null (a proxy's page). */
    fail: (message: string, status = 0, body?: null) =>
      act(async () => fail?.(new ApiError(status, body === null || !status ? undefined : { message }, message))),
    signal: () => context?.signal,
  };
}

const stored: FileRef = { documentId: 'doc_1', name: 'passport.pdf', type: 'application/pdf', size: 1000 };

describe('upload fields', () => {
  it('offer a picker tied to the label, with the accepted types and size', () => {
    renderUpload(passportPage, vi.fn());
    const input = screen.getByLabelText(/Passport photo page/);
    expect(input.getAttribute('type')).toBe('file');
    expect(input.getAttribute('accept')).toBe('application/pdf');
    expect(screen.getByText('PDF, up to 300 KB')).toBeTruthy();
  });

  it('onDrop: a dropped file goes at once, with its progress, and becomes the answer', async () => {
    const transfer = controlledUpload();
    const { values } = renderUpload(passportPage, transfer.upload);
    fireEvent.drop(screen.getByTestId('drop-passportPage'), { dataTransfer: { files: [pdf()] } });
    expect(transfer.upload).toHaveBeenCalledTimes(1);
    expect(transfer.upload.mock.calls[0]?.[1].field.key).toBe('passportPage');
    transfer.progress(0.45);
    const bar = screen.getByRole('progressbar', { name: 'Uploading passport.pdf' });
    expect(bar.getAttribute('value')).toBe('0.45');
    expect(screen.getByText('45%')).toBeTruthy();
    // A screen reader hears the upload by quarters, then that it is in.
    const said = () => screen.getAllByRole('status').map((s) => s.textContent);
    expect(said()).toContain('Uploading passport.pdf: 25%');
    await transfer.finish(stored);
    expect(said()).toContain(UPLOAD_TEXT.done('passport.pdf'));
    expect(values().passportPage).toEqual(stored);
    expect(screen.getByText('passport.pdf')).toBeTruthy();
    expect(screen.getByText('Replace file')).toBeTruthy();
  });

  it('checks the type and size before sending, with the schema’s messages', async () => {
    const upload = vi.fn<UploadFile>();
    renderUpload(passportPage, upload);
    const input = screen.getByLabelText(/Passport photo page/);
    fireEvent.change(input, { target: { files: [new File(['x'], 'photo.png', { type: 'image/png' })] } });
    expect((await screen.findByRole('alert')).textContent).toBe('Passport photo page must be a PDF file');
    // The upload's own problem is the file input's description, and marks it invalid.
    expect(input.getAttribute('aria-invalid')).toBe('true');
    const describers = (input.getAttribute('aria-describedby') ?? '').split(' ');
    expect(describers.map((id) => document.getElementById(id)?.textContent)).toContain(
      'Passport photo page must be a PDF file',
    );
    fireEvent.change(input, { target: { files: [pdf(300 * 1024 + 1)] } });
    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).toBe('Passport photo page must be at most 300 KB'),
    );
    fireEvent.change(input, { target: { files: [pdf(0)] } });
    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).toBe(
        'Passport photo page: the file is empty. Please choose another file',
      ),
    );
    expect(upload).not.toHaveBeenCalled();
  });

  it('sends a file whose type the browser could not name (a HEIC on Windows, a scanner app’s PDF): the server reads its bytes', async () => {
    const transfer = controlledUpload();
    renderUpload(passportPage, transfer.upload);
    const input = screen.getByLabelText(/Passport photo page/);
    for (const type of ['', 'application/octet-stream']) {
      fireEvent.change(input, { target: { files: [new File(['%PDF-1.7'], 'scan.pdf', { type })] } });
    }
    expect(transfer.upload).toHaveBeenCalledTimes(2);
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('onUpload: shows the chosen file first and sends it when Upload is pressed', async () => {
    const transfer = controlledUpload();
    const { values } = renderUpload(photo, transfer.upload);
    const image = new File([new Uint8Array(2000)], 'me.jpg', { type: 'image/jpeg' });
    fireEvent.change(screen.getByLabelText(/Your photo/), { target: { files: [image] } });
    expect(transfer.upload).not.toHaveBeenCalled();
    expect(screen.getByText('me.jpg')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Upload' }));
    expect(transfer.upload).toHaveBeenCalledWith(image, expect.objectContaining({ signal: expect.any(AbortSignal) }));
    await transfer.finish({ documentId: 'doc_2', name: 'me.jpg', type: 'image/jpeg', size: 2000 });
    expect(values().photo).toMatchObject({ documentId: 'doc_2' });
  });

  it('says why an upload did not arrive and keeps the file to try again', async () => {
    const transfer = controlledUpload();
    renderUpload(photo, transfer.upload);
    fireEvent.change(screen.getByLabelText(/Your photo/), {
      target: { files: [new File(['x'], 'me.jpg', { type: 'image/jpeg' })] },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Upload' }));
    await transfer.fail('The upload did not finish. Please check your connection.');
    expect(screen.getByRole('alert').textContent).toBe('The upload did not finish. Please check your connection.');
    fireEvent.click(screen.getByRole('button', { name: UPLOAD_TEXT.retry }));
    expect(transfer.upload).toHaveBeenCalledTimes(2);
  });

  it('says why the server refused a file and asks for another, not to send the same one again', async () => {
    const transfer = controlledUpload();
    renderUpload(photo, transfer.upload);
    fireEvent.change(screen.getByLabelText(/Your photo/), {
      target: { files: [new File(['x'], 'me.jpg', { type: 'image/jpeg' })] },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Upload' }));
    await transfer.fail('This file is named as a JPEG but is not really one.', 415);
    expect(screen.getByRole('alert').textContent).toBe('This file is named as a JPEG but is not really one.');
    expect(screen.queryByRole('button', { name: UPLOAD_TEXT.retry })).toBeNull();
    expect(screen.queryByText('me.jpg')).toBeNull();
    expect(screen.getByText('Choose a file')).toBeTruthy();
    expect(transfer.upload).toHaveBeenCalledTimes(1);
  });

  it('asks for another file when a refusal came without our words (a proxy’s 413 page), not to try again', async () => {
    const transfer = controlledUpload();
    renderUpload(photo, transfer.upload);
    fireEvent.change(screen.getByLabelText(/Your photo/), {
      target: { files: [new File(['x'], 'me.jpg', { type: 'image/jpeg' })] },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Upload' }));
    await transfer.fail('The upload did not finish. Please try again.', 413, null);
    expect(screen.getByRole('alert').textContent).toBe(UPLOAD_TEXT.refused);
    expect(screen.queryByRole('button', { name: UPLOAD_TEXT.retry })).toBeNull();
  });

  it('Continue pressed while a file is on its way waits for it, rather than calling the file missing', async () => {
    const transfer = controlledUpload();
    const onComplete = vi.fn();
    renderUpload(passportPage, transfer.upload, {}, undefined, undefined, onComplete);
    fireEvent.drop(screen.getByTestId('drop-passportPage'), { dataTransfer: { files: [pdf()] } });
    transfer.progress(0.1);
    const finish = screen.getByRole('button', { name: ENGINE_TEXT.review });
    fireEvent.click(finish);
    await waitFor(() => expect((finish as HTMLButtonElement).disabled).toBe(true));
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.getByText(ENGINE_TEXT.waitingForUploads).getAttribute('role')).toBe('status');
    expect(onComplete).not.toHaveBeenCalled();

    await transfer.finish(stored);
    await waitFor(() => expect(onComplete).toHaveBeenCalledWith(expect.objectContaining({ passportPage: stored })));
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.queryByText(ENGINE_TEXT.waitingForUploads)).toBeNull();
  });

  it('on a Documents step, Continue waits for a document on its way instead of leaving it behind', async () => {
    let finish: (() => void) | undefined;
    const upload = vi.fn(() => new Promise<void>((resolve) => (finish = resolve)));
    const onComplete = vi.fn();
    const passport: ChecklistItemStatus = {
      id: 'foreign-passport',
      label: 'Current foreign passport',
      required: true,
      accept: { types: [...DOCUMENT_UPLOAD.types], maxBytes: DOCUMENT_UPLOAD.maxBytes },
      documents: [],
      uploaded: false,
    };
    const definition: FormDefinition = { format: 1, id: 'test/documents', version: 1, title: 'Documents', steps: [] };
    render(
      <FormEngine
        definition={definition}
        memberKind="Adult"
        today="2026-11-30"
        onComplete={onComplete}
        hostSteps={[
          {
            key: 'documents',
            title: 'Documents',
            done: false,
            content: <DocumentItem item={passport} canChange actions={{ upload, remove: vi.fn() }} />,
          },
        ]}
      />,
    );
    fireEvent.change(document.querySelector('input[type=file]') as HTMLInputElement, { target: { files: [pdf()] } });
    await waitFor(() => expect(upload).toHaveBeenCalledTimes(1));
    fireEvent.click(screen.getByRole('button', { name: ENGINE_TEXT.review }));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(onComplete).not.toHaveBeenCalled();

    await act(async () => finish?.());
    await waitFor(() => expect(onComplete).toHaveBeenCalledTimes(1));
  });

  /** A form whose second step holds `field`, opened on that step. */
  function renderSecondStep(upload: UploadFile, fields: UploadField[] = [passportPage], onStepChange = vi.fn()) {
    const definition: FormDefinition = {
      format: 1,
      id: 'test/two-steps',
      version: 1,
      title: 'Two steps',
      steps: [
        {
          key: 'about',
          title: 'About you',
          sections: [{ key: 'name', title: 'Name', fields: [{ type: 'text', key: 'givenName', label: 'Given name' }] }],
        },
        { key: 'docs', title: 'Documents', sections: [{ key: 'files', title: 'Files', fields }] },
      ],
    };
    return renderEngine({ definition, upload, initialStep: 2, onStepChange });
  }
  const stepHeading = () => screen.getByRole('heading', { level: 2 }).textContent;

  it.each([
    ['Back', () => screen.getByRole('button', { name: ENGINE_TEXT.back })],
    ['the list of steps', () => screen.getAllByRole('button', { name: /About you/ })[0] as HTMLElement],
  ])('%s pressed while a file is on its way waits for it, saying so, instead of abandoning it', async (_, leave) => {
    const transfer = controlledUpload();
    const handle = renderSecondStep(transfer.upload);
    fireEvent.drop(screen.getByTestId('drop-passportPage'), { dataTransfer: { files: [pdf()] } });
    transfer.progress(0.4);
    fireEvent.click(leave());
    await waitFor(() => expect(screen.getByText(ENGINE_TEXT.waitingForUploads).getAttribute('role')).toBe('status'));
    expect(stepHeading()).toBe('Documents');
    expect(transfer.signal()?.aborted).toBe(false);

    await transfer.finish(stored);
    await waitFor(() => expect(stepHeading()).toBe('About you'));
    expect(handle.current?.getValues().passportPage).toEqual(stored);
    expect(screen.queryByText(ENGINE_TEXT.waitingForUploads)).toBeNull();
  });

  it('the host waits for a file on its way before leaving the form (another member, the review)', async () => {
    const transfer = controlledUpload();
    const handle = renderSecondStep(transfer.upload);
    await act(async () => expect(await handle.current?.uploadsSettled()).toBe(true));
    fireEvent.drop(screen.getByTestId('drop-passportPage'), { dataTransfer: { files: [pdf()] } });
    let settled = false;
    act(() => {
      void handle.current?.uploadsSettled().then(() => {
        settled = true;
      });
    });
    await waitFor(() => expect(screen.getByText(ENGINE_TEXT.waitingForUploads)).toBeTruthy());
    expect(settled).toBe(false);
    await transfer.finish(stored);
    await waitFor(() => expect(settled).toBe(true));
    expect(handle.current?.getValues().passportPage).toEqual(stored);
  });

  /** Uploads the test finishes or fails one by one, by the file's name. */
  function uploadsByName() {
    const open = new Map<string, { finish: (ref: FileRef) => void; fail: (error: Error) => void }>();
    const upload = vi.fn<UploadFile>(
      (file) =>
        new Promise<UploadedFile>((resolve, reject) =>
          open.set(file.name, { finish: (ref) => resolve({ ref }), fail: reject }),
        ),
    );
    return {
      upload,
      finish: (name: string) => act(async () => open.get(name)?.finish({ ...stored, documentId: `doc_${name}`, name })),
      fail: (name: string) => act(async () => open.get(name)?.fail(new ApiError(0, undefined, UPLOAD_STALLED))),
    };
  }
  const signaturePage: UploadField = { ...passportPage, key: 'signaturePage', label: 'Signature page' };

  it('waits too for a file chosen while it waits, rather than abandoning that one', async () => {
    const uploads = uploadsByName();
    renderSecondStep(uploads.upload, [passportPage, signaturePage]);
    fireEvent.drop(screen.getByTestId('drop-passportPage'), { dataTransfer: { files: [pdf(1000, 'a.pdf')] } });
    fireEvent.click(screen.getByRole('button', { name: ENGINE_TEXT.back }));
    fireEvent.drop(screen.getByTestId('drop-signaturePage'), { dataTransfer: { files: [pdf(1000, 'b.pdf')] } });
    await uploads.finish('a.pdf');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(stepHeading()).toBe('Documents');
    expect(screen.getByText(ENGINE_TEXT.waitingForUploads)).toBeTruthy();
    await uploads.finish('b.pdf');
    await waitFor(() => expect(stepHeading()).toBe('About you'));
  });

  it('a file that fails while Back waits keeps the customer beside its message, and says so to the host', async () => {
    const uploads = uploadsByName();
    const handle = renderSecondStep(uploads.upload);
    fireEvent.drop(screen.getByTestId('drop-passportPage'), { dataTransfer: { files: [pdf(1000, 'a.pdf')] } });
    fireEvent.click(screen.getByRole('button', { name: ENGINE_TEXT.back }));
    let leaving: Promise<boolean | undefined> | undefined;
    act(() => {
      leaving = handle.current?.uploadsSettled();
    });
    await uploads.fail('a.pdf');
    expect(await leaving).toBe(false);
    await waitFor(() => expect(screen.queryByText(ENGINE_TEXT.waitingForUploads)).toBeNull());
    expect(stepHeading()).toBe('Documents');
    expect(screen.getByRole('alert').textContent).toBe(UPLOAD_STALLED);
  });

  it('a wait that ends after the form has gone moves nothing', async () => {
    const uploads = uploadsByName();
    const onStepChange = vi.fn();
    renderSecondStep(uploads.upload, [passportPage], onStepChange);
    fireEvent.drop(screen.getByTestId('drop-passportPage'), { dataTransfer: { files: [pdf(1000, 'a.pdf')] } });
    fireEvent.click(screen.getByRole('button', { name: ENGINE_TEXT.back }));
    cleanup();
    await uploads.finish('a.pdf');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(onStepChange).not.toHaveBeenCalled();
  });

  it('closing or reloading the page while a file is on its way asks first; once it is in, it does not', async () => {
    const transfer = controlledUpload();
    renderSecondStep(transfer.upload);
    const leave = () => {
      const event = new Event('beforeunload', { cancelable: true });
      window.dispatchEvent(event);
      return event.defaultPrevented;
    };
    expect(leave()).toBe(false);
    fireEvent.drop(screen.getByTestId('drop-passportPage'), { dataTransfer: { files: [pdf()] } });
    expect(leave()).toBe(true);
    await transfer.finish(stored);
    await waitFor(() => expect(leave()).toBe(false));
  });

  it('cancels an upload under way', async () => {
    const transfer = controlledUpload();
    const { values } = renderUpload(passportPage, transfer.upload);
    fireEvent.drop(screen.getByTestId('drop-passportPage'), { dataTransfer: { files: [pdf()] } });
    fireEvent.click(screen.getByRole('button', { name: 'Cancel upload' }));
    expect(transfer.signal()?.aborted).toBe(true);
    await transfer.finish(stored);
    expect(values().passportPage).toBeUndefined();
  });

  it('shows a stored file, which can be removed', async () => {
    const { values } = renderUpload(passportPage, vi.fn(), { passportPage: stored });
    expect(screen.getByText('passport.pdf')).toBeTruthy();
    expect(screen.getByText('1000 bytes')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Remove passport.pdf' }));
    await waitFor(() => expect(values().passportPage).toBeNull());
    expect(screen.getByText('Choose a file')).toBeTruthy();
  });

  it('shows a stored image by its thumbnail, a fitted photo whole', () => {
    const scan: FileRef = { documentId: '41', name: 'scan.jpg', type: 'image/jpeg', size: 5_200_000 };
    const fileUrl = (ref: FileRef, size?: 'thumb') => `/files/${ref.documentId}${size ? `?size=${size}` : ''}`;
    renderUpload(photo, vi.fn(), { photo: scan }, fileUrl);
    expect(document.querySelector('img')?.getAttribute('src')).toBe('/files/41?size=thumb');
    cleanup();
    renderUpload(photo, vi.fn(), { photo: scan }, fileUrl, () => ociReport);
    const fitted = screen.getByRole('img', { name: 'Your file fitted to OCI photo (600 × 600 px)' });
    expect(fitted.getAttribute('src')).toBe('/files/41');
  });

  it('a photo field the service fits: choosing a phone photo uploads it at once, with progress, then shows the fitted photo and its checks', async () => {
    const transfer = controlledUpload();
    const { values } = renderUpload(phonePhotoField, transfer.upload, {}, (ref) => `/files/${ref.documentId}`);
    expect(screen.getByText('JPEG, PNG, HEIC or HEIF, up to 15 MB')).toBeTruthy();
    // A 12 MB phone photo: no "must be at most 500 KB", and no Upload button to press.
    const phone = new File([new Uint8Array(12 * 1024 * 1024)], 'IMG_2041.jpg', { type: 'image/jpeg' });
    fireEvent.change(screen.getByLabelText(/Your photo/), { target: { files: [phone] } });
    expect(transfer.upload).toHaveBeenCalledWith(phone, expect.objectContaining({ field: phonePhotoField }));
    expect(screen.queryByRole('button', { name: 'Upload' })).toBeNull();
    transfer.progress(0.3);
    expect(screen.getByRole('progressbar', { name: 'Uploading IMG_2041.jpg' }).getAttribute('value')).toBe('0.3');
    expect(screen.getByText('30%')).toBeTruthy();
    expect(screen.queryByText(UPLOAD_TEXT.checking)).toBeNull();
    // Sent: the server checks and fits it before it answers.
    transfer.progress(1);
    expect(screen.getAllByRole('status').map((s) => s.textContent)).toContain(UPLOAD_TEXT.checking);

    const fitted: FileRef = { documentId: '41', name: 'IMG_2041.jpg', type: 'image/jpeg', size: 84_000 };
    await transfer.finish(fitted, ociReport);
    expect(values().photo).toEqual(fitted);
    const image = screen.getByRole('img', { name: 'Your file fitted to OCI photo (600 × 600 px)' });
    expect(image.getAttribute('src')).toBe('/files/41');
    expect(screen.getByText('Fitted to OCI photo (600 × 600 px), 82.0 KB')).toBeTruthy();
    expect(screen.getByText(PHOTO_PROMISE.SEVADOCS)).toBeTruthy();
    const checks = screen.getByRole('region', { name: 'Check of IMG_2041.jpg' });
    expect(checks.textContent).toContain('1 rule to fix');
    expect(checks.textContent).toContain('Exactly one face: passed');
    expect(checks.textContent).toContain('Face centred: to fix');
    expect(checks.textContent).toContain('Stand in the middle of the frame.');

    // Another photo the service refuses: the message, and the fitted photo is still the answer.
    const wall = new File([new Uint8Array(4000)], 'wall.heic', { type: 'image/heic' });
    fireEvent.change(screen.getByLabelText(/Your photo/), { target: { files: [wall] } });
    expect(transfer.upload).toHaveBeenCalledTimes(2);
    await transfer.fail('We could not find a face.');
    expect(screen.getByRole('alert').textContent).toBe('We could not find a face.');
    expect(values().photo).toEqual(fitted);
  });

  it('after a reload, shows a stored fitted photo with the checks the host kept with its document', () => {
    const fitted: FileRef = { documentId: '41', name: 'IMG_2041.jpg', type: 'image/jpeg', size: 84_000 };
    renderUpload(
      phonePhotoField,
      vi.fn(),
      { photo: fitted },
      (ref) => `/files/${ref.documentId}`,
      (ref) => (ref.documentId === '41' ? ociReport : undefined),
    );
    expect(screen.getByText('Fitted to OCI photo (600 × 600 px), 82.0 KB')).toBeTruthy();
    const checks = screen.getByRole('region', { name: 'Check of IMG_2041.jpg' });
    expect(checks.textContent).toContain('Face centred: to fix');
    expect(screen.getByText(UPLOAD_TEXT.chooseAnotherPhoto)).toBeTruthy();
  });

  it('says what the host notes of the stored file beside it: another member’s same photo (walk G)', () => {
    const fitted: FileRef = { documentId: '41', name: 'IMG_2041.jpg', type: 'image/jpeg', size: 84_000 };
    const same =
      'It is the same file as Anaya’s photo. Each applicant needs their own: please check it is the right one.';
    const definition: FormDefinition = {
      format: 1,
      id: 'test/upload',
      version: 1,
      title: 'Uploads',
      steps: [
        { key: 'docs', title: 'Documents', sections: [{ key: 'files', title: 'Files', fields: [phonePhotoField] }] },
      ],
    };
    renderEngine({
      definition,
      defaultValues: { photo: fitted },
      fileReport: () => ({ ...ociReport, checks: [], passed: true }),
      fileNote: (ref) => (ref.documentId === '41' ? same : undefined),
    });
    expect(screen.getByText(same)).toBeTruthy();
    cleanup();
    renderEngine({ definition, defaultValues: { photo: { ...fitted, documentId: '42' } }, fileNote: () => undefined });
    expect(screen.queryByText(/same file as/)).toBeNull();
  });

  it('words a fitted signature as a file: no face promise, no “another photo”', () => {
    const fitted: FileRef = { documentId: '42', name: 'sign.png', type: 'image/jpeg', size: 9_000 };
    const signatureReport: ComplianceReport = {
      sizeId: 'oci-signature',
      checks: [{ rule: 'resolution', passed: true, measured: '1200 × 400 px', expected: 'at least 600 px', fix: null }],
      passed: true,
      fitted: { widthPx: 600, heightPx: 200, bytes: 9_000, headPercent: null },
    };
    renderUpload(
      phonePhotoField,
      vi.fn(),
      { photo: fitted },
      (ref) => `/files/${ref.documentId}`,
      () => signatureReport,
    );
    expect(screen.queryByText(PHOTO_PROMISE.SEVADOCS)).toBeNull();
    expect(screen.queryByText(UPLOAD_TEXT.chooseAnotherPhoto)).toBeNull();
    expect(screen.getByText('Replace file')).toBeTruthy();
  });

  it('says so when there is nowhere to upload to', async () => {
    renderUpload(passportPage);
    fireEvent.change(screen.getByLabelText(/Passport photo page/), { target: { files: [pdf()] } });
    expect((await screen.findByRole('alert')).textContent).toBe(UPLOAD_TEXT.unavailable);
  });
});
