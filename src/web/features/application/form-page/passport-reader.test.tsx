// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it, onTestFinished, vi } from 'vitest';
import type { FormDefinition } from '../../../../domain/forms/definition.ts';
import { PASSPORT_MESSAGES, PASSPORT_PAGE_UPLOAD } from '../../../../domain/passports/mrz-reading.ts';
import { readMrzLines } from '../../../../domain/passports/read-mrz.ts';
import { mrzLines, PRIYA } from '../../../../domain/passports/testing.ts';
import { fileTooLargeMessage, unsupportedTypeMessage } from '../../../../domain/uploads/messages.ts';
import { cleanupAfterEach, fakeApi, installBrowserStubs, ok } from '../../../testing/dom.tsx';
import { FormEngine } from '../form-engine/form-engine.tsx';
import {
  PASSPORT_TEXT,
  PassportReader,
  passportCopies,
  passportReaderStepKeys,
  passportStepKey,
  passportWords,
} from './passport-reader.tsx';

beforeAll(installBrowserStubs);
cleanupAfterEach();

const TODAY = '2026-11-29';
const definition: FormDefinition = {
  format: 1,
  id: 'test/passport',
  version: 1,
  title: 'Test application',
  steps: [
    {
      key: 'aboutYou',
      title: 'About you',
      sections: [
        {
          key: 'names',
          title: 'Your name',
          fields: [
            { type: 'text', key: 'surname', label: 'Surname' },
            { type: 'text', key: 'givenName', label: 'Given name(s)' },
          ],
        },
      ],
    },
    {
      key: 'passportStep',
      title: 'Your passport',
      sections: [
        {
          key: 'passport',
          title: 'Your current passport',
          fields: [
            { type: 'unique ID', key: 'passportNumber', label: 'Passport number', transforms: ['uppercase'] },
            { type: 'date', key: 'passportExpiryDate', label: 'Date of expiry' },
          ],
        },
      ],
    },
  ],
};
const member = '/api/v1/application/order/DOC-1/members/7/passport';
const reading = readMrzLines(mrzLines(PRIYA), TODAY);

function renderStep(
  copies = [{ documentId: 41, name: 'passport.jpg' }],
  given: { defaultValues?: Record<string, string>; notes?: Record<string, string> } = {},
) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <FormEngine
        definition={definition}
        memberKind="Adult"
        initialStep={2}
        today={TODAY}
        {...given}
        stepAddOn={(stepKey, fill) =>
          stepKey === passportStepKey(definition, 'Adult') ? (
            <PassportReader
              orderRef="DOC-1"
              memberId={7}
              definition={definition}
              memberKind="Adult"
              memberName="Priya Sharma"
              today={TODAY}
              copies={copies}
              fill={fill}
            />
          ) : null
        }
      />
    </QueryClientProvider>,
  );
}

describe('PassportReader', () => {
  it('names the child on a minor’s form, and keeps “my passport” for the customer’s own', () => {
    const child = passportWords('Minor', 'Aarav Rao');
    expect(child.title).toBe('Read Aarav’s passport');
    expect(child.intro).toMatch(/^Take a photo or scan of Aarav’s passport photo page\./);
    expect([child.found, child.filled]).toEqual([
      'We read these from Aarav’s passport',
      'Filled in from Aarav’s passport. The answers will be checked against it before review.',
    ]);
    expect([child.agrees, child.disagrees]).toEqual([
      'The answers match Aarav’s passport',
      'The answers and Aarav’s passport disagree',
    ]);
    const said = [child.title, child.intro, child.choose, child.found, child.foundHint, child.filled];
    for (const text of [...said, child.agrees, child.disagrees, child.disagreeHint]) {
      expect(text).not.toMatch(/\b(my|your)\b/i);
    }
    expect(passportWords('Adult', 'Priya Sharma')).toBe(PASSPORT_TEXT);
  });

  it('lists what it read for confirmation, fills nothing until "Use these values", then catches a wrong digit', async () => {
    // As Chromium's, it answers a promise: an effect that returned it handed React a cleanup that is no function.
    const scrolledTo = vi.spyOn(Element.prototype, 'scrollIntoView').mockReturnValue(Promise.resolve() as never);
    onTestFinished(() => scrolledTo.mockRestore());
    let confirmed: unknown = null;
    const api = fakeApi({
      [`GET ${member}`]: () => ok(confirmed),
      [`POST ${member}/read/documents/41`]: () => ok(reading),
      [`PUT ${member}`]: (call) => {
        confirmed = { ...(call.body as object), confirmedAt: '2026-11-29T10:00:00.000Z' };
        return ok(confirmed);
      },
    });
    renderStep();
    const reader = await screen.findByRole('region', { name: PASSPORT_TEXT.title });
    fireEvent.click(within(reader).getByRole('button', { name: PASSPORT_TEXT.readCopy('passport.jpg') }));

    const panel = await within(reader).findByRole('list', { name: PASSPORT_TEXT.found });
    // Brought into view: on a phone it opens below the fold.
    expect(scrolledTo.mock.contexts.map((el) => (el as HTMLElement).textContent)).toEqual([PASSPORT_TEXT.found]);
    expect(within(panel).getByText('X12345678')).toBeTruthy();
    expect(within(panel).getByText('15 Jul 2031')).toBeTruthy();
    expect(within(reader).getByRole('status').textContent).toBe(PASSPORT_TEXT.found);
    // Announced, but seen once: as the panel's heading, not again as a line above it.
    expect(within(reader).getByRole('status').className).toBe('sr-only');
    const number = screen.getByLabelText(/^Passport number/) as HTMLInputElement;
    expect(number.value).toBe('');

    fireEvent.click(within(reader).getByRole('button', { name: PASSPORT_TEXT.use }));
    await waitFor(() => expect(number.value).toBe('X12345678'));
    expect((screen.getByLabelText(/^Date of expiry/) as HTMLInputElement).value).toBe('2031-07-15');
    await within(reader).findByText(PASSPORT_TEXT.agrees);
    expect(api.calls.find((c) => c.method === 'PUT')?.body).toMatchObject({ lines: mrzLines(PRIYA) });

    fireEvent.change(number, { target: { value: 'X12345687' } });
    await within(reader).findByText(PASSPORT_TEXT.disagrees);
    const row = within(reader).getByRole('row', { name: /Passport number/ });
    expect(
      within(row)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['X12345687', 'X12345678']);
    expect(
      within(reader).getByText(
        'Passport number: two characters are swapped. You typed X12345687, the passport says X12345678.',
      ),
    ).toBeTruthy();
  });

  it('says an answer it filled was read from the passport, not copied from another member as before (walk F)', async () => {
    fakeApi({
      [`GET ${member}`]: () => ok(null),
      [`POST ${member}/read/documents/41`]: () => ok(reading),
      [`PUT ${member}`]: (call) => ok({ ...(call.body as object), confirmedAt: '2026-11-29T10:00:00.000Z' }),
    });
    renderStep(undefined, {
      defaultValues: { passportNumber: 'X0000000' },
      notes: { passportNumber: 'From Priya Sharma’s answers' },
    });
    expect(await screen.findByText('From Priya Sharma’s answers')).toBeTruthy();
    const reader = await screen.findByRole('region', { name: PASSPORT_TEXT.title });
    fireEvent.click(within(reader).getByRole('button', { name: PASSPORT_TEXT.readCopy('passport.jpg') }));
    fireEvent.click(await within(reader).findByRole('button', { name: PASSPORT_TEXT.use }));
    const number = screen.getByLabelText(/^Passport number/) as HTMLInputElement;
    await waitFor(() => expect(number.value).toBe('X12345678'));
    const notes = (number.getAttribute('aria-describedby') ?? '')
      .split(' ')
      .map((id) => document.getElementById(id)?.textContent);
    expect(notes).toContain('Read from the passport');
    expect(screen.queryByText('From Priya Sharma’s answers')).toBeNull();
  });

  it('fills nothing when the server refuses the passport as another person’s, and says why', async () => {
    const refusal = PASSPORT_MESSAGES.notMembersName('PRIYA DEVI SHARMA', 'Aarav Sharma');
    fakeApi({
      [`GET ${member}`]: () => ok(null),
      [`POST ${member}/read/documents/41`]: () => ok(reading),
      [`PUT ${member}`]: () => ({
        status: 400,
        body: { isSuccess: false, statusCode: 400, message: refusal, data: null },
      }),
    });
    renderStep();
    const reader = await screen.findByRole('region', { name: PASSPORT_TEXT.title });
    fireEvent.click(within(reader).getByRole('button', { name: PASSPORT_TEXT.readCopy('passport.jpg') }));
    fireEvent.click(await within(reader).findByRole('button', { name: PASSPORT_TEXT.use }));
    expect((await within(reader).findByRole('alert')).textContent).toBe(refusal);
    expect((screen.getByLabelText(/^Passport number/) as HTMLInputElement).value).toBe('');
  });

  it('shows the server’s words when the zone cannot be read, and the reader on the passport step', async () => {
    fakeApi({
      [`GET ${member}`]: () => ok(null),
      [`POST ${member}/read/documents/41`]: () => ({
        status: 422,
        body: { isSuccess: false, statusCode: 422, message: 'We could not read it', data: null },
      }),
    });
    renderStep();
    const reader = await screen.findByRole('region', { name: PASSPORT_TEXT.title });
    fireEvent.click(within(reader).getByRole('button', { name: PASSPORT_TEXT.readCopy('passport.jpg') }));
    expect((await within(reader).findByRole('alert')).textContent).toBe('We could not read it');
    expect(passportStepKey(definition, 'Adult')).toBe('passportStep');
  });

  it('goes on the passport step and, before it, on the first step the passport answers (names first)', () => {
    expect([...passportReaderStepKeys(definition, 'Adult')]).toEqual(['aboutYou', 'passportStep']);
    const passportOnly = { ...definition, steps: definition.steps.slice(1) };
    expect([...passportReaderStepKeys(passportOnly, 'Adult')]).toEqual(['passportStep']);
    expect([...passportReaderStepKeys({ ...definition, steps: definition.steps.slice(0, 1) }, 'Adult')]).toEqual([]);
  });
});

describe('keyboard and screen-reader use (review 62 §1)', () => {
  it('names the file input after the visible button and rings that button when the input has the focus', async () => {
    fakeApi({ [`GET ${member}`]: () => ok(null) });
    renderStep();
    const reader = await screen.findByRole('region', { name: PASSPORT_TEXT.title });
    const picker = within(reader).getByLabelText(new RegExp(`^${PASSPORT_TEXT.choose}: `)) as HTMLInputElement;
    const button = picker.closest('label');
    expect(button?.textContent).toBe(PASSPORT_TEXT.choose);
    expect(button?.className).toContain('has-focus-visible:outline-3');
  });

  it('refuses a file too large or of another type before a byte is sent, in the server’s words', async () => {
    const api = fakeApi({ [`GET ${member}`]: () => ok(null) });
    renderStep();
    const reader = await screen.findByRole('region', { name: PASSPORT_TEXT.title });
    const picker = within(reader).getByLabelText(new RegExp(`^${PASSPORT_TEXT.choose}: `)) as HTMLInputElement;
    const big = new File(['x'], 'passport.jpg', { type: 'image/jpeg' });
    Object.defineProperty(big, 'size', { value: PASSPORT_PAGE_UPLOAD.maxBytes + 1 });
    fireEvent.change(picker, { target: { files: [big] } });
    expect((await within(reader).findByRole('alert')).textContent).toBe(
      fileTooLargeMessage(PASSPORT_PAGE_UPLOAD.maxBytes),
    );
    fireEvent.change(picker, { target: { files: [new File(['PK'], 'passport.docx', { type: 'application/zip' })] } });
    expect((await within(reader).findByRole('alert')).textContent).toBe(
      unsupportedTypeMessage(PASSPORT_PAGE_UPLOAD.types),
    );
    expect(api.calls.filter((c) => c.method === 'POST')).toEqual([]);
  });

  it('keeps the focus where it is while reading, and ignores another try until the reading ends', async () => {
    let answer: (value: ReturnType<typeof ok>) => void = () => {};
    const api = fakeApi({
      [`GET ${member}`]: () => ok(null),
      [`POST ${member}/read/documents/41`]: () => new Promise((resolve) => (answer = resolve)),
    });
    renderStep();
    const reader = await screen.findByRole('region', { name: PASSPORT_TEXT.title });
    const copy = within(reader).getByRole('button', {
      name: PASSPORT_TEXT.readCopy('passport.jpg'),
    }) as HTMLButtonElement;
    copy.focus();
    fireEvent.click(copy);
    await within(reader).findByText(PASSPORT_TEXT.uploading(0));
    const picker = within(reader).getByLabelText(new RegExp(`^${PASSPORT_TEXT.chooseAgain}: `)) as HTMLInputElement;
    for (const control of [copy, picker]) {
      expect(control.disabled).toBe(false);
      expect(control.getAttribute('aria-disabled')).toBe('true');
    }
    expect(document.activeElement).toBe(copy);

    fireEvent.click(copy);
    fireEvent.change(picker, { target: { files: [new File(['x'], 'passport.jpg', { type: 'image/jpeg' })] } });
    expect(api.calls.filter((c) => c.method === 'POST')).toHaveLength(1);
    answer(ok(reading));
    await within(reader).findByRole('list', { name: PASSPORT_TEXT.found });
    expect(copy.hasAttribute('aria-disabled')).toBe(false);
  });
});

describe('PDF scans (decision 0095, "PDF copies")', () => {
  it('takes a PDF from the file picker and reads an uploaded PDF copy like a photo', async () => {
    fakeApi({
      [`GET ${member}`]: () => ok(null),
      [`POST ${member}/read/documents/42`]: () => ok(reading),
    });
    renderStep([{ documentId: 42, name: 'passport-scan.pdf' }]);
    const reader = await screen.findByRole('region', { name: PASSPORT_TEXT.title });
    const picker = within(reader).getByLabelText(
      `${PASSPORT_TEXT.choose}: ${PASSPORT_TEXT.fileLabel}`,
    ) as HTMLInputElement;
    expect(picker.accept.split(',')).toEqual(expect.arrayContaining(['.pdf', 'application/pdf', '.heic', '.jpg']));

    fireEvent.click(within(reader).getByRole('button', { name: PASSPORT_TEXT.readCopy('passport-scan.pdf') }));
    const panel = await within(reader).findByRole('list', { name: PASSPORT_TEXT.found });
    expect(within(panel).getByText('X12345678')).toBeTruthy();
  });

  it('shows in words that a PDF copy holds no scanned page', async () => {
    fakeApi({
      [`GET ${member}`]: () => ok(null),
      [`POST ${member}/read/documents/42`]: () => ({
        status: 422,
        body: { isSuccess: false, statusCode: 422, message: PASSPORT_MESSAGES.pdfNotRead, data: null },
      }),
    });
    renderStep([{ documentId: 42, name: 'letter.pdf' }]);
    const reader = await screen.findByRole('region', { name: PASSPORT_TEXT.title });
    fireEvent.click(within(reader).getByRole('button', { name: PASSPORT_TEXT.readCopy('letter.pdf') }));
    expect((await within(reader).findByRole('alert')).textContent).toBe(PASSPORT_MESSAGES.pdfNotRead);
    // The reader is ready for another try.
    expect(
      within(reader)
        .getByRole('button', { name: PASSPORT_TEXT.readCopy('letter.pdf') })
        .hasAttribute('disabled'),
    ).toBe(false);
  });
});

describe('passportCopies', () => {
  it("offers the member's own passport copies, photos and PDF scans, not a parent's passport", () => {
    const doc = (id: number, type: string) => ({ id, name: `f${id}`, type }) as never;
    const item = (id: string, documents: never[]) => ({ id, documents }) as never;
    const copies = passportCopies({
      items: [
        item('foreign-passport', [doc(1, 'image/jpeg')]),
        item('parent-passport-1', [doc(2, 'image/jpeg')]),
        item('new-foreign-passport', [doc(3, 'application/pdf')]),
        item('applicant-photo', [doc(4, 'image/jpeg')]),
      ],
    } as never);
    expect(copies).toEqual([
      { documentId: 1, name: 'f1' },
      { documentId: 3, name: 'f3' },
    ]);
  });
});
