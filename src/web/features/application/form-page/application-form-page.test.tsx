// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { APPLICATION_MESSAGES, type ApplicationOrder } from '../../../../domain/applications/application.ts';
import {
  type DocumentUploaded,
  type DocumentView,
  documentFileRef,
  type MemberChecklist,
  type OrderChecklist,
} from '../../../../domain/applications/documents.ts';
import {
  AUTOSAVE_DEBOUNCE_MS,
  MEMBER_FORM_MESSAGES,
  type MemberForm,
} from '../../../../domain/applications/member-form.ts';
import type { Member } from '../../../../domain/applications/members.ts';
import { PHOTOS_TO_REDO_TEXT } from '../../../../domain/applications/photos-to-redo.ts';
import type { FormDefinition } from '../../../../domain/forms/definition.ts';
import { addressCountryConflict } from '../../../../domain/jurisdiction/address-answers.ts';
import { DOCUMENT_UPLOAD } from '../../../../domain/uploads/file-types.ts';
import { TAP_TARGET } from '../../../components/ui/tap-target.ts';
import {
  type ApiCall,
  cleanupAfterEach,
  envelope,
  fail,
  fakeApi,
  installBrowserStubs,
  ok,
  renderWithRouter,
} from '../../../testing/dom.tsx';
import { memberForm, photoToRedo } from '../../../testing/order-fixtures.ts';
import { ApplicationForm, PAGE_TEXT } from './application-form-page.tsx';
import { MIN_SAVE_INTERVAL_MS } from './autosaver.ts';
import { writeDraft } from './form-draft.ts';
import { REVIEW_TEXT } from './review-page.tsx';
import { SAVE_TEXT } from './save-status.tsx';

beforeAll(installBrowserStubs);
cleanupAfterEach();

const REF = 'DOC-48213907';
const BASE = `/api/v1/application/order/${REF}`;
const TODAY = '2026-11-30';

const definition: FormDefinition = {
  format: 1,
  id: 'test/page',
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
          fields: [{ type: 'text', key: 'givenName', label: 'Given name', required: true }],
        },
      ],
    },
    {
      key: 'passport',
      title: 'Passport',
      sections: [
        {
          key: 'passportSection',
          title: 'Your passport',
          fields: [{ type: 'unique ID', key: 'passportNumber', label: 'Passport number', required: true }],
        },
      ],
    },
  ],
};

const member = (id: number, fullName: string, reviewed: boolean, currentStep = 1): Member => ({
  id,
  fullName,
  dateOfBirth: '1985-04-12',
  kind: 'Adult',
  relationship: id === 1 ? 'Self' : 'Spouse',
  position: id,
  progress: { currentStep, totalSteps: 2, reviewed },
  createdAt: '2026-11-30T09:00:00.000Z',
  updatedAt: '2026-11-30T09:00:00.000Z',
});

function order(members: Member[], photosToRedo: ApplicationOrder['toDo']['photosToRedo'] = []): ApplicationOrder {
  return {
    id: 5,
    displayId: REF,
    title: 'OCI Card: New OCI Card',
    status: 'Payment pending',
    service: { id: 1, slug: 'oci-card', name: 'OCI Card' },
    package: { id: 2, slug: 'new-oci-card', name: 'New OCI Card' },
    choices: { applyingFrom: 'US' },
    price: {
      currency: 'USD',
      governmentFeeCents: 27_500,
      mandatoryFees: [],
      serviceFeeCents: 9_900,
      compareAtServiceFeeCents: null,
      isEstimate: false,
      feesPaidOnPortal: false,
      perMemberCents: 37_400,
      memberCount: members.length,
      totalCents: 37_400 * members.length,
    },
    premiumSupport: null,
    formDefinitionId: 1,
    mission: null,
    filing: 'mission',
    postingAddress: null,
    members,
    timeline: [],
    actions: {
      canCancel: true,
      canChangeMemberList: true,
      canEditMembers: true,
      canChangeDocuments: true,
      canChangeAnswers: true,
    },
    toDo: { missingDocuments: [], incompleteForms: [], photosToRedo },
    missing: [],
    preparedAfterPayment: [],
    files: { deleteOn: null, deletedAt: null },
    strayCharges: [],
    messages: [],
    createdAt: '2026-11-30T09:00:00.000Z',
    updatedAt: '2026-11-30T09:00:00.000Z',
  };
}

function memberChecklist(memberId: number, fullName: string, uploaded: boolean): MemberChecklist {
  const documents = uploaded
    ? [
        {
          id: 30 + memberId,
          memberId,
          itemId: 'foreign-passport',
          direction: 'from-customer' as const,
          name: 'passport.pdf',
          type: 'application/pdf' as const,
          size: 2048,
          uploadedBy: 'customer' as const,
          uploadedAt: '2026-11-30T09:00:00.000Z',
          links: { download: `${BASE}/documents/3/download`, preview: `${BASE}/documents/3/preview` },
        },
      ]
    : [];
  return {
    memberId,
    fullName,
    kind: 'Adult',
    items: [
      {
        id: 'foreign-passport',
        label: 'Current foreign passport',
        required: true,
        accept: { types: [...DOCUMENT_UPLOAD.types], maxBytes: DOCUMENT_UPLOAD.maxBytes },
        uploaded,
        documents,
      },
      {
        // Prepared by the team: not due before payment, when the print pack holds it.
        id: 'annexure-e',
        label: 'Annexure E, signed by you',
        required: false,
        preparedByUs: true,
        accept: { types: [...DOCUMENT_UPLOAD.types], maxBytes: DOCUMENT_UPLOAD.maxBytes },
        uploaded: false,
        documents: [],
      },
    ],
    otherDocuments: [],
    complete: uploaded,
  };
}

const form = memberForm;

interface Setup {
  members: Member[];
  definition?: FormDefinition;
  photosToRedo?: ApplicationOrder['toDo']['photosToRedo'];
  uploaded?: boolean;
  forms?: Record<number, MemberForm>;
  save?: (call: ApiCall) => ReturnType<typeof ok> | ReturnType<typeof fail> | 'network-error';
  path?: string;
  /** The order's country choices (from the USA by default). */
  choices?: ApplicationOrder['choices'];
  /** What our team prepares once it is paid (none by default). */
  preparedAfterPayment?: string[];
}

function setup({
  members,
  definition: asked = definition,
  photosToRedo = [],
  uploaded = false,
  forms = {},
  save,
  path = `/package-form?orderId=${REF}`,
  choices,
  preparedAfterPayment,
}: Setup) {
  const checklist: OrderChecklist = {
    canChangeDocuments: true,
    complete: uploaded,
    members: members.map((m) => memberChecklist(m.id, m.fullName, uploaded)),
  };
  const routes: Parameters<typeof fakeApi>[0] = {
    [`GET ${BASE}`]: () =>
      ok({
        ...order(members, photosToRedo),
        ...(choices ? { choices } : {}),
        ...(preparedAfterPayment ? { preparedAfterPayment } : {}),
      }),
    [`GET ${BASE}/form`]: () => ok({ definition: asked }),
    [`GET ${BASE}/checklist`]: () => ok(checklist),
  };
  for (const m of members) {
    routes[`GET ${BASE}/members/${m.id}/form`] = () => ok(forms[m.id] ?? form(m.id, {}));
    routes[`PUT ${BASE}/members/${m.id}/form`] =
      save ??
      ((call) =>
        ok(
          form(m.id, (call.body as { answers: Record<string, unknown> }).answers, {
            savedAt: new Date().toISOString(),
          }),
        ));
  }
  const api = fakeApi(routes);
  const url = new URL(path, 'http://localhost');
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  renderWithRouter(
    <QueryClientProvider client={client}>
      <ApplicationForm
        orderRef={REF}
        memberId={url.searchParams.has('member') ? Number(url.searchParams.get('member')) : null}
        step={url.searchParams.has('step') ? Number(url.searchParams.get('step')) : null}
        review={url.searchParams.get('review') === '1'}
        today={TODAY}
      />
    </QueryClientProvider>,
    { path },
  );
  return api;
}

const puts = (api: ReturnType<typeof fakeApi>) => api.calls.filter((c) => c.method === 'PUT');

/**
 * Answers the form's uploads, which go by XMLHttpRequest (for their progress) where the fake API
 * does not see them, with `data`; gives the real one back when called.
 */
function answerUploads(data: DocumentUploaded): () => void {
  class FakeUpload {
    status = 0;
    response: unknown = null;
    responseType = '';
    withCredentials = false;
    upload = { onprogress: null, onload: null };
    onload: (() => void) | null = null;
    onloadend: (() => void) | null = null;
    open() {}
    setRequestHeader() {}
    abort() {}
    send() {
      setTimeout(() => {
        this.status = 201;
        this.response = envelope(201, 'Document uploaded', data);
        this.onload?.();
        this.onloadend?.();
      });
    }
  }
  const real = window.XMLHttpRequest;
  window.XMLHttpRequest = FakeUpload as unknown as typeof XMLHttpRequest;
  return () => {
    window.XMLHttpRequest = real;
  };
}

describe('the application form page', () => {
  it('shows the order, a switcher of members with their progress, and the open member’s form', async () => {
    setup({
      members: [member(1, 'Priya Sharma', false, 2), member(2, 'Rahul Sharma', true, 3)],
      forms: { 1: form(1, {}, { currentStep: 2 }) },
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'OCI Card: New OCI Card' })).toBeTruthy();
    expect(screen.getByText(`Application ${REF}`)).toBeTruthy();
    const switcher = screen.getByRole('navigation', { name: 'Members of this application' });
    const links = within(switcher).getAllByRole('link');
    expect(links.map((l) => l.textContent)).toEqual([
      'PPriya SharmaAdult · Step 2 of 3',
      'Rahul SharmaAdult · Answers complete',
      'Review allAnswers and documents',
    ]);
    expect(links[0]?.getAttribute('aria-current')).toBe('true');
    expect(links[1]?.getAttribute('href')).toBe(`/package-form?orderId=${REF}&member=2`);
    // The stored step opens: Priya was on step 2.
    expect(await screen.findByRole('heading', { level: 2, name: 'Passport' })).toBeTruthy();
  });

  it('has the chat button step aside while a read-only form is scrolled down, as an editable one does (walk G)', async () => {
    const chat = document.createElement('a');
    chat.className = 'chat-fab';
    document.body.append(chat);
    setup({
      members: [member(1, 'Priya Sharma', true)],
      forms: { 1: form(1, { givenName: 'PRIYA' }, { canEdit: false }) },
    });
    expect(await screen.findByText(MEMBER_FORM_MESSAGES.locked)).toBeTruthy();
    Object.defineProperty(document.documentElement, 'scrollHeight', { configurable: true, value: 5000 });
    Object.defineProperty(window, 'scrollY', { configurable: true, value: 600 });
    fireEvent.scroll(window);
    expect(chat.hasAttribute('data-scrolled-away')).toBe(true);
    Object.defineProperty(window, 'scrollY', { configurable: true, value: 200 });
    fireEvent.scroll(window);
    expect(chat.hasAttribute('data-scrolled-away')).toBe(false);
    chat.remove();
  });

  it('says an unknown order is not found and links to the orders', async () => {
    fakeApi({
      [`GET ${BASE}`]: () => fail(404, APPLICATION_MESSAGES.orderNotFound),
      [`GET ${BASE}/form`]: () => fail(404, APPLICATION_MESSAGES.orderNotFound),
      [`GET ${BASE}/checklist`]: () => fail(404, APPLICATION_MESSAGES.orderNotFound),
    });
    renderWithRouter(
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <ApplicationForm orderRef={REF} memberId={null} step={null} review={false} today={TODAY} />
      </QueryClientProvider>,
    );
    expect(await screen.findByRole('heading', { name: APPLICATION_MESSAGES.orderNotFound })).toBeTruthy();
    expect(screen.getByRole('link', { name: /Go to your orders/ }).getAttribute('href')).toBe('/profile?tab=orders');
  });

  it('autosaves after typing stops, says so, and keeps a local draft until the server has it', async () => {
    const api = setup({ members: [member(1, 'Priya Sharma', false)] });
    const given = await screen.findByLabelText(/^Given name/);
    fireEvent.change(given, { target: { value: 'PRIYA' } });
    expect(JSON.parse(localStorage.getItem(`sevadocs-form-draft:${REF}:1`) ?? '{}').values).toEqual({
      givenName: 'PRIYA',
    });
    // Shown, not read out: a screen reader hears the saves only when something goes wrong.
    expect((await screen.findByText('Saving…')).closest('[role=status]')).toBeNull();
    expect(await screen.findByText('All changes saved', undefined, { timeout: 4000 })).toBeTruthy();
    expect(screen.getAllByRole('status').map((s) => s.textContent)).not.toContain('All changes saved');
    // Built on the answers the page opened with: a save from another tab since would be a 409.
    expect(puts(api).map((c) => c.body)).toEqual([
      { answers: { givenName: 'PRIYA' }, currentStep: 1, basedOn: '2026-11-30T09:30:00.000Z' },
    ]);
    expect(localStorage.getItem(`sevadocs-form-draft:${REF}:1`)).toBeNull();
  });

  it('sends each change once: marking it saved is not another change to send', async () => {
    const household = { answers: { passportNumber: { value: 'X7654321', from: 'From your account' } }, offers: [] };
    const api = setup({ members: [member(1, 'Priya Sharma', false)], forms: { 1: form(1, {}, { household }) } });
    // The pre-filled answer, saved at once; then one typed.
    await waitFor(() => expect(puts(api)).toHaveLength(1));
    expect(await screen.findByText('All changes saved', undefined, { timeout: 4000 })).toBeTruthy();
    fireEvent.change(await screen.findByLabelText(/^Given name/), { target: { value: 'PRIYA' } });
    await waitFor(() => expect(puts(api)).toHaveLength(2), { timeout: 4000 });
    // Past the debounce and the server's one save a second: nothing more was sent.
    await new Promise((resolve) => setTimeout(resolve, AUTOSAVE_DEBOUNCE_MS + MIN_SAVE_INTERVAL_MS + 300));
    expect(puts(api).map((c) => (c.body as MemberForm).answers)).toEqual([
      { passportNumber: 'X7654321' },
      { passportNumber: 'X7654321', givenName: 'PRIYA' },
    ]);
  }, 10_000);

  it('sends what was typed within the debounce when the customer leaves the form within the app (Back)', async () => {
    // The server's one save a second per member: a save sent at once after the last was refused.
    let lastSave = 0;
    const stored: Record<string, unknown>[] = [];
    setup({
      members: [member(1, 'Priya Sharma', false)],
      save: (call) => {
        if (Date.now() - lastSave < 1000) return fail(429, 'Too many requests. Please wait a moment.');
        lastSave = Date.now();
        const { answers } = call.body as MemberForm;
        stored.push(answers);
        return ok(form(1, answers, { savedAt: new Date().toISOString() }));
      },
    });
    const given = await screen.findByLabelText(/^Given name/);
    fireEvent.change(given, { target: { value: 'PRIYA' } });
    expect(await screen.findByText('All changes saved', undefined, { timeout: 4000 })).toBeTruthy();
    fireEvent.change(given, { target: { value: 'PRIYANKA' } });
    // The page goes away before the debounce ends: no pagehide, as when the router leaves it.
    cleanup();
    await waitFor(() => expect(stored).toEqual([{ givenName: 'PRIYA' }, { givenName: 'PRIYANKA' }]), { timeout: 4000 });
  });

  it('stays on the member when Review all is opened while their latest answers are not saved', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    let down = true;
    setup({
      members: [member(1, 'Priya Sharma', false)],
      save: (call) => (down ? 'network-error' : ok(form(1, (call.body as MemberForm).answers))),
    });
    fireEvent.change(await screen.findByLabelText(/^Given name/), { target: { value: 'PRIYA' } });
    const switcher = screen.getByRole('navigation', { name: 'Members of this application' });
    fireEvent.click(within(switcher).getByRole('link', { name: /^Review all/ }));
    const said = await screen.findByText(PAGE_TEXT.notSavedForReview, undefined, { timeout: 4000 });
    expect(said.getAttribute('role')).toBe('alert');
    expect(screen.getByLabelText(/^Given name/)).toBeTruthy();
    expect(document.getElementById('review-heading')).toBeNull();
    // Once saved, Review all opens.
    down = false;
    fireEvent.click(within(switcher).getByRole('link', { name: /^Review all/ }));
    await waitFor(() => expect(document.getElementById('review-heading')).not.toBeNull(), { timeout: 6000 });
    expect(screen.queryByText(PAGE_TEXT.notSavedForReview)).toBeNull();
  }, 15_000);

  it('says a failed save will be retried, keeps the draft, and saves on Retry now', async () => {
    // apiCall logs a request that got no answer.
    vi.spyOn(console, 'error').mockImplementation(() => {});
    let down = true;
    const api = setup({
      members: [member(1, 'Priya Sharma', false)],
      save: (call) => (down ? 'network-error' : ok(form(1, (call.body as MemberForm).answers))),
    });
    fireEvent.change(await screen.findByLabelText(/^Given name/), { target: { value: 'PRIYA' } });
    expect(await screen.findByText(/^Not saved yet — retrying in \d s$/, undefined, { timeout: 4000 })).toBeTruthy();
    // Read out once, without the seconds counting down.
    const said = () => screen.getAllByRole('status').map((s) => s.textContent);
    await waitFor(() => expect(said()).toContain(SAVE_TEXT.retryingNow));
    expect(localStorage.getItem(`sevadocs-form-draft:${REF}:1`)).not.toBeNull();
    down = false;
    fireEvent.click(screen.getByRole('button', { name: 'Retry now' }));
    expect(await screen.findByText('All changes saved', undefined, { timeout: 4000 })).toBeTruthy();
    // The save that ends the trouble is read out.
    await waitFor(() => expect(said()).toContain(SAVE_TEXT.saved));
    expect(puts(api).length).toBeGreaterThanOrEqual(2);
    expect(localStorage.getItem(`sevadocs-form-draft:${REF}:1`)).toBeNull();
  });

  it('offers back a draft newer than the server’s answers, and saves it when taken', async () => {
    writeDraft(REF, 1, {
      values: { givenName: 'PRIYA', passportNumber: 'Z1234567' },
      step: 2,
      updatedAt: '2026-11-30T10:00:00.000Z',
    });
    const api = setup({ members: [member(1, 'Priya Sharma', false)], forms: { 1: form(1, { givenName: 'PRI' }) } });
    const offer = await screen.findByRole('alert');
    expect(offer.textContent).toMatch(/This device has answers from \d\d:\d\d that did not reach our server/);
    fireEvent.click(within(offer).getByRole('button', { name: 'Use them' }));
    expect(await screen.findByRole('heading', { level: 2, name: 'Passport' })).toBeTruthy();
    await waitFor(() =>
      expect(puts(api).map((c) => c.body)).toEqual([
        {
          answers: { givenName: 'PRIYA', passportNumber: 'Z1234567' },
          currentStep: 2,
          basedOn: '2026-11-30T09:30:00.000Z',
        },
      ]),
    );
    // Settled before the page goes: a save still to come would outlive it (leaving saves what is unsaved).
    expect(await screen.findByText('All changes saved', undefined, { timeout: 4000 })).toBeTruthy();
  });

  it('saves a draft taken back after the pre-filled answers were saved, and keeps it on the device until then', async () => {
    writeDraft(REF, 1, {
      values: { givenName: 'PRIYA', passportNumber: 'Z1234567' },
      step: 2,
      updatedAt: '2026-11-30T10:00:00.000Z',
    });
    const household = { answers: { passportNumber: { value: 'X7654321', from: 'From your account' } }, offers: [] };
    const api = setup({
      members: [member(1, 'Priya Sharma', false)],
      forms: { 1: form(1, { givenName: 'PRI' }, { household }) },
    });
    const offer = await screen.findByRole('alert');
    // The pre-filled answer is saved at once; the draft still offered stays on the device.
    await waitFor(() => expect(puts(api)).toHaveLength(1));
    expect(await screen.findByText('All changes saved', undefined, { timeout: 4000 })).toBeTruthy();
    expect(localStorage.getItem(`sevadocs-form-draft:${REF}:1`)).not.toBeNull();
    fireEvent.click(within(offer).getByRole('button', { name: 'Use them' }));
    await waitFor(
      () =>
        expect(puts(api).at(-1)?.body).toMatchObject({
          answers: { givenName: 'PRIYA', passportNumber: 'Z1234567' },
          currentStep: 2,
        }),
      { timeout: 4000 },
    );
    await waitFor(() => expect(localStorage.getItem(`sevadocs-form-draft:${REF}:1`)).toBeNull(), { timeout: 4000 });
    // Settled before the page goes (a save still to come would outlive it): the draft's answers are the last sent.
    await new Promise((resolve) => setTimeout(resolve, 2500));
    expect(puts(api).at(-1)?.body).toMatchObject({ answers: { givenName: 'PRIYA', passportNumber: 'Z1234567' } });
    expect(screen.getByText('All changes saved')).toBeTruthy();
  }, 15_000);

  /**
   * The form opens on the server's PRIYA (answers saved at 09:30, the row last written at `savedAt`)
   * with this device's `typed` (PRIYANKA), written at 10:00 by its clock, over `basedOn`.
   */
  function openWithDraftOver(basedOn: string, { savedAt = '2026-11-30T09:30:00.000Z', typed = 'PRIYANKA' } = {}) {
    // As the form keeps them: a question not answered is an empty value, which no save stores.
    const values = { givenName: typed, passportNumber: '' };
    writeDraft(REF, 1, { values, step: 1, updatedAt: '2026-11-30T10:00:00.000Z', basedOn });
    return setup({
      members: [member(1, 'Priya Sharma', false)],
      forms: { 1: form(1, { givenName: 'PRIYA' }, { savedAt }) },
    });
  }

  it('takes back without asking a draft this device typed over the answers the server still has', async () => {
    // The page left within the server's one save a second: the last typing stayed on the device.
    const api = openWithDraftOver('2026-11-30T09:30:00.000Z');
    await waitFor(() => expect((screen.getByLabelText(/^Given name/) as HTMLInputElement).value).toBe('PRIYANKA'));
    expect(screen.queryByRole('alert')).toBeNull();
    await waitFor(() =>
      expect(puts(api).map((c) => c.body)).toEqual([
        { answers: { givenName: 'PRIYANKA' }, currentStep: 1, basedOn: '2026-11-30T09:30:00.000Z' },
      ]),
    );
  });

  it('still asks about a draft typed over answers that were saved elsewhere since', async () => {
    openWithDraftOver('2026-11-30T08:00:00.000Z');
    expect((await screen.findByRole('alert')).textContent).toMatch(/did not reach our server/);
  });

  it('takes back its own typing after the row was written since by something else than answers (a rename)', async () => {
    // The device's 10:00 is before the row's 10:05: the answers it was typed over are still the server's.
    const api = openWithDraftOver('2026-11-30T09:30:00.000Z', { savedAt: '2026-11-30T10:05:00.000Z' });
    await waitFor(() => expect((screen.getByLabelText(/^Given name/) as HTMLInputElement).value).toBe('PRIYANKA'));
    expect(screen.queryByRole('alert')).toBeNull();
    await waitFor(() =>
      expect(puts(api).map((c) => c.body)).toEqual([
        { answers: { givenName: 'PRIYANKA' }, currentStep: 1, basedOn: '2026-11-30T09:30:00.000Z' },
      ]),
    );
  });

  it('asks about a draft over answers saved since even when the device’s clock says it is older', async () => {
    openWithDraftOver('2026-11-30T08:00:00.000Z', { savedAt: '2026-11-30T10:05:00.000Z' });
    expect((await screen.findByRole('alert')).textContent).toMatch(/did not reach our server/);
  });

  it('deletes without asking a draft the server has already: its answer to the save was lost', async () => {
    openWithDraftOver('2026-11-30T08:00:00.000Z', { typed: 'PRIYA' });
    expect(await screen.findByRole('heading', { level: 2, name: 'About you' })).toBeTruthy();
    expect((screen.getByLabelText(/^Given name/) as HTMLInputElement).value).toBe('PRIYA');
    expect(screen.queryByRole('alert')).toBeNull();
    expect(localStorage.getItem(`sevadocs-form-draft:${REF}:1`)).toBeNull();
  });

  it('says on the address step when the address is in the other country than the order was priced for', async () => {
    const withAddress: FormDefinition = {
      ...definition,
      steps: [
        {
          key: 'whereYouLive',
          title: 'Where you live',
          sections: [
            {
              key: 'addressAbroadSection',
              title: 'Your address in the USA or Canada',
              fields: [
                { type: 'country dropdown', key: 'addressCountry', label: 'Country', countries: ['US', 'CA'] },
                { type: 'short answer', key: 'zipCode', label: 'ZIP code' },
              ],
            },
          ],
        },
      ],
    };
    setup({
      members: [member(1, 'Priya Sharma', false)],
      definition: withAddress,
      choices: { applyingFrom: 'CA' },
      forms: { 1: form(1, { addressCountry: 'US', zipCode: '94107' }) },
    });
    expect((await screen.findByRole('alert')).textContent).toBe(addressCountryConflict({ addressCountry: 'US' }, 'CA'));
  });

  it('builds its next save on the answers the form’s upload stored with the file', async () => {
    const [first, ...rest] = definition.steps;
    if (!first) throw new Error('the test form has steps');
    const photoField = { type: 'image upload', key: 'photo', label: 'Your photo', uploadMode: 'onDrop' } as const;
    const withPhoto: FormDefinition = {
      ...definition,
      steps: [{ ...first, sections: [{ key: 'photoSection', title: 'Photo', fields: [photoField] }] }, ...rest],
    };
    // The server wrote the answer with the upload, which moved the answers' answersSavedAt on from 09:30.
    const stored = '2026-11-30T10:15:00.000Z';
    const photo: DocumentView = {
      id: 41,
      memberId: 1,
      itemId: 'photo',
      direction: 'from-customer',
      name: 'me.png',
      type: 'image/png',
      size: 4,
      uploadedBy: 'customer',
      uploadedAt: stored,
      links: { download: `${BASE}/documents/41/download`, preview: `${BASE}/documents/41/preview` },
    };
    const restore = answerUploads({
      document: photo,
      checklist: memberChecklist(1, 'Priya Sharma', false),
      answersSavedAt: stored,
    });
    try {
      const api = setup({ members: [member(1, 'Priya Sharma', false)], definition: withPhoto });
      const input = await screen.findByLabelText(/^Your photo/);
      fireEvent.change(input, { target: { files: [new File([new Uint8Array(4)], 'me.png', { type: 'image/png' })] } });
      await waitFor(() => expect(puts(api)).toHaveLength(1), { timeout: 4000 });
      // Built on what the upload stored: the server would refuse one built on 09:30 as another tab's.
      expect(puts(api)[0]?.body).toEqual({
        answers: { photo: documentFileRef(photo) },
        currentStep: 1,
        basedOn: stored,
      });
    } finally {
      restore();
    }
  });

  it('shows the server’s field messages when a save is refused', async () => {
    setup({
      members: [member(1, 'Priya Sharma', false)],
      save: () =>
        fail(400, 'Some answers need a correction.', { givenName: 'Given name should not exceed 200 characters' }),
    });
    fireEvent.change(await screen.findByLabelText(/^Given name/), { target: { value: 'PRIYA' } });
    expect(await screen.findByText('Some answers need a correction', undefined, { timeout: 4000 })).toBeTruthy();
    expect(screen.getByText('Given name should not exceed 200 characters').closest('[role=alert]')).toBeTruthy();
    expect(screen.getByLabelText(/^Given name/).getAttribute('aria-invalid')).toBe('true');
  });
});

describe('the review page', () => {
  it('lists what is missing with links, and lets the customer pay first and finish afterwards', async () => {
    setup({
      members: [member(1, 'Priya Sharma', true), member(2, 'Rahul Sharma', false)],
      forms: { 1: form(1, { givenName: 'PRIYA', passportNumber: 'Z1234567' }), 2: form(2, { givenName: 'RAHUL' }) },
      path: `/package-form?orderId=${REF}&review=1`,
    });
    const missing = await screen.findByRole('region', { name: 'Still to do' });
    // Each member's section is named as a sentence, not "Priya SharmaAdult".
    expect(screen.getByRole('region', { name: /^Priya Sharma\s*,\s*Adult$/ })).toBeTruthy();
    expect(
      within(missing)
        .getAllByRole('link')
        .map((l) => [l.textContent, l.getAttribute('href')]),
    ).toEqual([
      ['Rahul Sharma: answers not complete yet', `/package-form?orderId=${REF}&member=2`],
      ['Priya’s current foreign passport', `/package-form?orderId=${REF}&member=1&step=3`],
      ['Rahul’s current foreign passport', `/package-form?orderId=${REF}&member=2&step=3`],
    ]);
    expect(screen.getByRole('link', { name: 'Continue to checkout' }).getAttribute('href')).toBe(
      `/checkout?orderId=${REF}`,
    );
    expect(
      screen.getByText(
        /You can pay now and finish what is listed above afterwards: your order then waits in Forms incomplete/,
      ),
    ).toBeTruthy();
    // A declaration we prepare is not "optional": it comes with the print pack once paid.
    expect(screen.getAllByText(`Annexure E, signed by you (${REVIEW_TEXT.preparedAfterPayment})`).length).toBe(2);
    expect(screen.queryByText(/Annexure E, signed by you \(optional\)/)).toBeNull();
  });

  it('names a file in that fails a photo rule, linking to the step that takes it, though nothing is missing', async () => {
    setup({
      members: [member(1, 'Priya Sharma', true)],
      uploaded: true,
      photosToRedo: [
        photoToRedo({ memberId: 1, itemId: 'foreign-passport', label: 'Priya’s scan', step: 3, documentId: 31 }),
      ],
      path: `/package-form?orderId=${REF}&review=1`,
    });
    expect(await screen.findByText('Everything is in. You can continue to checkout.')).toBeTruthy();
    const redo = screen.getByRole('region', { name: PHOTOS_TO_REDO_TEXT.heading });
    expect(
      within(redo)
        .getAllByRole('link')
        .map((l) => [l.textContent, l.getAttribute('href')]),
    ).toEqual([['Priya’s scan: The photo is out of focus.', `/package-form?orderId=${REF}&member=1&step=3`]]);
    expect(within(redo).getByText(PHOTOS_TO_REDO_TEXT.why)).toBeTruthy();
  });

  it('says what our team prepares once paid instead of "Everything is in", when nothing else is missing', async () => {
    setup({
      members: [member(1, 'Priya Sharma', true)],
      uploaded: true,
      preparedAfterPayment: ['Anaya’s Parental Authorization Form'],
      path: `/package-form?orderId=${REF}&review=1`,
    });
    expect(
      await screen.findByText('Everything you can send before paying is in. You can continue to checkout.'),
    ).toBeTruthy();
    expect(REVIEW_TEXT.allDoneBeforePaying).toBe(
      'Everything you can send before paying is in. You can continue to checkout.',
    );
    expect(screen.queryByText(REVIEW_TEXT.allDone)).toBeNull();
    const prepared = screen.getByRole('list', {
      name: 'After payment, we prepare these for you to sign and upload on your order page:',
    });
    expect(
      within(prepared)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Anaya’s Parental Authorization Form']);
  });

  it('shows every member’s answers by step with Edit links back to the step, then checkout', async () => {
    setup({
      members: [member(1, 'Priya Sharma', true), member(2, 'Rahul Sharma', true)],
      uploaded: true,
      forms: {
        1: form(1, { givenName: 'PRIYA', passportNumber: 'Z1234567' }),
        2: form(2, { givenName: 'RAHUL', passportNumber: 'Y7654321' }),
      },
      path: `/package-form?orderId=${REF}&review=1`,
    });
    expect(await screen.findByText('Everything is in. You can continue to checkout.')).toBeTruthy();
    const priya = screen.getByRole('region', { name: /Priya Sharma/ });
    expect(await within(priya).findByText('Z1234567')).toBeTruthy();
    const edits = within(priya).getAllByRole('link', { name: /^Edit/ });
    expect(edits.map((l) => [l.textContent, l.getAttribute('href')])).toEqual([
      ['Edit About you, Priya Sharma', `/package-form?orderId=${REF}&member=1&step=1`],
      ['Edit Passport, Priya Sharma', `/package-form?orderId=${REF}&member=1&step=2`],
      ['Edit documents, Priya Sharma', `/package-form?orderId=${REF}&member=1&step=3`],
    ]);
    // Links on their own beside a heading: a thumb's target (WCAG 2.5.8), not the 20 px of their text.
    expect(edits.map((edit) => edit.className.includes(TAP_TARGET))).toEqual([true, true, true]);
    expect(screen.getByRole('link', { name: PAGE_TEXT.orderDetails }).className).toContain(TAP_TARGET);
    expect(within(priya).getByTitle('passport.pdf')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Continue to checkout' }).getAttribute('href')).toBe(
      `/checkout?orderId=${REF}`,
    );
    expect(screen.queryByText(/You can pay now and finish/)).toBeNull();
    // Edit opens the member's step in place.
    fireEvent.click(edits[1] as HTMLElement);
    expect(await screen.findByRole('heading', { level: 2, name: 'Passport' })).toBeTruthy();
    expect(window.location.search).toBe(`?orderId=${REF}&member=1&step=2`);
  });
});

describe('the last step’s button says where it leads (issue 30 §4)', () => {
  it('is "Next member" while another member’s form waits, "Review answers" for the last one', async () => {
    setup({
      members: [member(1, 'Priya Sharma', false), member(2, 'Rahul Sharma', false)],
      path: `/package-form?orderId=${REF}&member=1&step=9`,
    });
    expect(await screen.findByRole('button', { name: 'Next member' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Review answers' })).toBeNull();
  });

  it('is "Review answers" when every other member is reviewed', async () => {
    setup({
      members: [member(1, 'Priya Sharma', false), member(2, 'Rahul Sharma', true)],
      path: `/package-form?orderId=${REF}&member=1&step=9`,
    });
    expect(await screen.findByRole('button', { name: 'Review answers' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Next member' })).toBeNull();
  });
});

describe('the browser’s Back and Forward (a parent on a phone)', () => {
  const address = () => `${window.location.pathname}${window.location.search}`;
  const at = (where: string) => `/package-form?orderId=${REF}&${where}`;
  const given = () => screen.getByLabelText(/^Given name/) as HTMLInputElement;
  const memberGets = (api: ReturnType<typeof fakeApi>, id: number) =>
    api.calls.filter((c) => c.method === 'GET' && c.path === `${BASE}/members/${id}/form`);
  const current = () =>
    within(screen.getByRole('navigation', { name: 'Members of this application' }))
      .getAllByRole('link')
      .find((link) => link.getAttribute('aria-current') === 'true')?.textContent;

  /** Saves are kept, and a member's form opened again has them (as the server would). */
  function remembering(members: Member[]) {
    const forms: Record<number, MemberForm> = {};
    const api = setup({
      members,
      forms,
      save: (call) => {
        const id = Number(call.path.split('/').at(-2));
        const body = call.body as MemberForm;
        forms[id] = form(id, body.answers, { currentStep: body.currentStep, savedAt: new Date().toISOString() });
        return ok(forms[id]);
      },
    });
    return api;
  }

  it('goes back to the step before with what was typed, and forward again, in the same form', async () => {
    const entries = window.history.length;
    const api = remembering([member(1, 'Priya Sharma', false)]);
    expect(await screen.findByRole('heading', { level: 2, name: 'About you' })).toBeTruthy();
    // The first place replaces the address: Back from it leaves the form.
    await waitFor(() => expect(address()).toBe(at('member=1&step=1')));
    expect(window.history.length).toBe(entries);
    fireEvent.change(given(), { target: { value: 'PRIYA' } });
    fireEvent.click(screen.getByRole('button', { name: /Continue/ }));
    expect(await screen.findByRole('heading', { level: 2, name: 'Passport' })).toBeTruthy();
    expect(address()).toBe(at('member=1&step=2'));
    expect(window.history.length).toBe(entries + 1);
    fireEvent.change(screen.getByLabelText(/^Passport number/), { target: { value: 'X7654321' } });

    window.history.back();
    const aboutYou = await screen.findByRole('heading', { level: 2, name: 'About you' });
    expect(given().value).toBe('PRIYA');
    expect(document.activeElement).toBe(aboutYou);
    expect(address()).toBe(at('member=1&step=1'));
    // The move is saved as any step change is, with the typing of the step left.
    await waitFor(() =>
      expect(puts(api).at(-1)?.body).toMatchObject({
        answers: { givenName: 'PRIYA', passportNumber: 'X7654321' },
        currentStep: 1,
      }),
    );

    window.history.forward();
    expect(await screen.findByRole('heading', { level: 2, name: 'Passport' })).toBeTruthy();
    expect((screen.getByLabelText(/^Passport number/) as HTMLInputElement).value).toBe('X7654321');
    expect(address()).toBe(at('member=1&step=2'));
    // The same form throughout: moved, never opened again.
    expect(memberGets(api, 1)).toHaveLength(1);
    expect(window.history.length).toBe(entries + 1);
  }, 15_000);

  it('goes back to the member before, saving the one left, and forward again', async () => {
    const api = remembering([member(1, 'Priya Sharma', false), member(2, 'Rahul Sharma', false)]);
    expect(await screen.findByRole('heading', { level: 2, name: 'About you' })).toBeTruthy();
    fireEvent.change(given(), { target: { value: 'PRIYA' } });
    const switcher = screen.getByRole('navigation', { name: 'Members of this application' });
    fireEvent.click(within(switcher).getByRole('link', { name: /Rahul Sharma/ }));
    await waitFor(() => expect(address()).toBe(at('member=2&step=1')), { timeout: 4000 });
    expect(current()).toMatch(/Rahul Sharma/);
    await waitFor(() => expect(given().value).toBe(''));
    fireEvent.change(given(), { target: { value: 'RAHUL' } });

    window.history.back();
    await waitFor(() => expect(current()).toMatch(/Priya Sharma/), { timeout: 4000 });
    expect(document.activeElement?.id).toBe('member-heading');
    await waitFor(() => expect(given().value).toBe('PRIYA'));
    expect(address()).toBe(at('member=1&step=1'));
    // Rahul's typing was saved before his form went.
    expect(
      puts(api).some((c) => c.path.endsWith('/members/2/form') && (c.body as MemberForm).answers.givenName === 'RAHUL'),
    ).toBe(true);

    window.history.forward();
    await waitFor(() => expect(current()).toMatch(/Rahul Sharma/), { timeout: 4000 });
    await waitFor(() => expect(given().value).toBe('RAHUL'));
    expect(address()).toBe(at('member=2&step=1'));
  }, 15_000);

  it('puts the address back where the form is when it names a step the form cannot open', async () => {
    remembering([member(1, 'Priya Sharma', false)]);
    expect(await screen.findByRole('heading', { level: 2, name: 'About you' })).toBeTruthy();
    await waitFor(() => expect(address()).toBe(at('member=1&step=1')));
    // A step past the last (an old entry of a longer form): the last one opens, and the address says so.
    window.history.pushState(window.history.state, '', at('member=1&step=9'));
    window.dispatchEvent(new PopStateEvent('popstate'));
    expect(await screen.findByRole('heading', { level: 2, name: 'Documents' })).toBeTruthy();
    await waitFor(() => expect(address()).toBe(at('member=1&step=3')));
  });

  it('stays on the member, and puts the address back, when Forward to the review finds answers not saved', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    let down = false;
    setup({
      members: [member(1, 'Priya Sharma', false)],
      save: (call) => (down ? 'network-error' : ok(form(1, (call.body as MemberForm).answers))),
    });
    expect(await screen.findByRole('heading', { level: 2, name: 'About you' })).toBeTruthy();
    const switcher = screen.getByRole('navigation', { name: 'Members of this application' });
    fireEvent.click(within(switcher).getByRole('link', { name: /^Review all/ }));
    await waitFor(() => expect(document.getElementById('review-heading')).not.toBeNull());
    expect(address()).toBe(at('review=1'));
    window.history.back();
    await waitFor(() => expect(address()).toBe(at('member=1&step=1')));
    expect(await screen.findByLabelText(/^Given name/)).toBeTruthy();
    down = true;
    fireEvent.change(given(), { target: { value: 'PRIYA' } });
    window.history.forward();
    expect(await screen.findByText(PAGE_TEXT.notSavedForReview, undefined, { timeout: 6000 })).toBeTruthy();
    expect(document.getElementById('review-heading')).toBeNull();
    expect(given().value).toBe('PRIYA');
    expect(address()).toBe(at('member=1&step=1'));
  }, 15_000);
});
