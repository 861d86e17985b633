// @vitest-environment jsdom
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { useLocation, useNavigationType } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { APPLICATION_MESSAGES } from '../../../../domain/applications/application.ts';
import { MEMBER_MESSAGES } from '../../../../domain/applications/members.ts';
import { APPLICANT_MESSAGES } from '../../../../domain/applications/package-applicants.ts';
import {
  type ApiCall,
  cleanupAfterEach,
  fail,
  fakeApi,
  installBrowserStubs,
  ok,
  renderWithRouter,
} from '../../../testing/dom.tsx';
import { CHOSEN, member, order, TODAY } from '../../../testing/order-fixtures.ts';
import { FOR_CHILDREN, notCounted } from './start-form.tsx';
import { StartApplicationPage } from './start-page.tsx';

const START = 'POST /api/v1/application/order';
const PREFILL = 'GET /api/v1/application/start-prefill';
/** The answer for a customer whose earlier application had them as Self, born on `dateOfBirth`. */
const earlierSelf = (dateOfBirth: string | null) => () => ok({ self: dateOfBirth ? { dateOfBirth } : null });

beforeAll(installBrowserStubs);
cleanupAfterEach();
// A first application unless a test says otherwise (a test's own fakeApi answers the call 404: the same).
beforeEach(() => fakeApi({ [PREFILL]: earlierSelf(null) }));
afterEach(() => sessionStorage.clear());

function Where() {
  const location = useLocation();
  const how = useNavigationType();
  return (
    <>
      <output data-testid="where">{`${location.pathname}${location.search}`}</output>
      <output data-testid="how">{how}</output>
    </>
  );
}

/** The idempotency keys of the start calls made so far, in order. */
const startKeys = (calls: ApiCall[]) =>
  calls
    .filter((c) => `${c.method} ${c.path}` === START)
    .map((c) => (c.body as { idempotencyKey: string }).idempotencyKey);

async function renderPage(holder: { name: string } | null = { name: 'Priya Sharma' }, choice = CHOSEN) {
  const view = renderWithRouter(
    <>
      <StartApplicationPage
        choice={choice}
        holder={holder}
        today={TODAY}
        renderPackage={(choice) => <h2>{choice.pkg.name}</h2>}
      />
      <Where />
    </>,
    { path: '/package-form?service=oci-card&package=new-oci-card&applyingFrom=US' },
  );
  await screen.findByRole('heading', { level: 2, name: choice.pkg.name });
  // The members editor loads after the first paint.
  if (holder) await screen.findByRole('button', { name: 'Start the forms' });
  return view;
}

const memberGroups = () => screen.getAllByRole('group', { name: /^Member \d+$/ });
const field = (index: number, label: string) => within(memberGroups()[index] as HTMLElement).getByLabelText(label);
/** How many times the page says `words`, wherever it says them. */
const timesSaid = (words: string) => (document.body.textContent ?? '').split(words).length - 1;
const startButton = () => screen.getByRole('button', { name: /Start the forms|Sending/ });

function fillSecondMember() {
  fireEvent.click(screen.getByRole('button', { name: 'Add a family member' }));
  fireEvent.change(field(1, 'Full name (as in the passport)'), { target: { value: 'Dev Sharma' } });
  fireEvent.change(field(1, 'Date of birth'), { target: { value: '2015-05-05' } });
  fireEvent.change(field(1, 'Relationship to you'), { target: { value: 'Child' } });
}

describe('/package-form: starting an application', () => {
  it('offers a child to fill in, not the parent, as the first member of a package for minors', async () => {
    const minor = {
      ...CHOSEN,
      pkg: { ...CHOSEN.pkg, name: 'Minor Passport Renewal', applicantKinds: ['Minor' as const] },
    };
    await renderPage({ name: 'Priya Sharma' }, minor);
    expect(screen.getByText(FOR_CHILDREN)).toBeTruthy();
    expect(FOR_CHILDREN).toBe(
      'This package is for children: enter your child’s details as in their passport, not yours.',
    );
    expect((field(0, 'Full name (as in the passport)') as HTMLInputElement).value).toBe('');
    expect((field(0, 'Relationship to you') as HTMLSelectElement).value).toBe('Child');
  });

  it('offers the account holder as the first member of a package for anyone', async () => {
    await renderPage();
    expect(screen.queryByText(FOR_CHILDREN)).toBeNull();
    expect((field(0, 'Full name (as in the passport)') as HTMLInputElement).value).toBe('Priya Sharma');
    expect((field(0, 'Relationship to you') as HTMLSelectElement).value).toBe('Self');
  });

  it('offers a visitor Sign in and Create an account, both coming back to this package', async () => {
    await renderPage(null);
    expect(screen.getByRole('heading', { level: 2, name: 'New OCI Card' })).toBeTruthy();
    const choose = screen.getByRole('navigation', { name: 'Sign in or create an account' });
    const back = encodeURIComponent('/package-form?service=oci-card&package=new-oci-card&applyingFrom=US');
    expect(within(choose).getByRole('link', { name: 'Sign in' }).getAttribute('href')).toBe(`/signin?redirect=${back}`);
    expect(within(choose).getByRole('link', { name: 'Create an account' }).getAttribute('href')).toBe(
      `/signup?redirect=${back}`,
    );
    expect(screen.queryByRole('button', { name: 'Start the forms' })).toBeNull();
  });

  it('starts once on a double click, with the members, and opens the first member’s form', async () => {
    let answer: (() => void) | undefined;
    const api = fakeApi({
      [START]: () =>
        new Promise((resolve) => {
          answer = () =>
            resolve(
              ok(
                order({ members: [member(), member({ id: 12, fullName: 'Dev Sharma', kind: 'Minor', position: 2 })] }),
                APPLICATION_MESSAGES.started,
                201,
              ),
            );
        }),
    });
    await renderPage();
    fireEvent.change(field(0, 'Date of birth'), { target: { value: '1988-04-12' } });
    fillSecondMember();
    expect(screen.getByText('Minor')).toBeTruthy();
    expect(screen.getByText(/Total/).textContent).toContain('$714');

    fireEvent.click(startButton());
    fireEvent.click(startButton());
    await waitFor(() => expect(api.calls.filter((c) => `${c.method} ${c.path}` === START)).toHaveLength(1));
    fireEvent.click(startButton());
    await act(async () => answer?.());

    await waitFor(() =>
      expect(screen.getByTestId('where').textContent).toBe('/package-form?orderId=DOC-48213907&member=11'),
    );
    // In place of the start page: Back from the forms does not offer an empty one to start again.
    expect(screen.getByTestId('how').textContent).toBe('REPLACE');
    const starts = api.calls.filter((c) => `${c.method} ${c.path}` === START);
    expect(starts).toHaveLength(1);
    const body = starts[0]?.body as Record<string, unknown>;
    expect(body).toMatchObject({
      packageId: 7,
      choices: { applyingFrom: 'US' },
      members: [
        { fullName: 'Priya Sharma', dateOfBirth: '1988-04-12', relationship: 'Self', kind: 'Adult' },
        { fullName: 'Dev Sharma', dateOfBirth: '2015-05-05', relationship: 'Child', kind: 'Minor' },
      ],
    });
    expect(body.idempotencyKey).toMatch(/^[A-Za-z0-9_-]{16,100}$/);
    expect(await screen.findByText(APPLICATION_MESSAGES.started)).toBeTruthy();
  });

  it('keeps the family’s list through a reload, and forgets it once the order starts', async () => {
    const api = fakeApi({ [START]: () => ok(order(), APPLICATION_MESSAGES.started, 201) });
    const first = await renderPage();
    fireEvent.change(field(0, 'Date of birth'), { target: { value: '1988-04-12' } });
    fillSecondMember();
    first.unmount();

    await renderPage();
    await waitFor(() => expect(memberGroups()).toHaveLength(2));
    expect((field(1, 'Full name (as in the passport)') as HTMLInputElement).value).toBe('Dev Sharma');
    expect((field(1, 'Date of birth') as HTMLInputElement).value).toBe('2015-05-05');
    expect((field(0, 'Date of birth') as HTMLInputElement).value).toBe('1988-04-12');
    fireEvent.click(startButton());
    await waitFor(() => expect(screen.getByTestId('where').textContent).toContain('orderId=DOC-48213907'));
    const started = api.calls.find((c) => `${c.method} ${c.path}` === START)?.body as
      | { members?: unknown[] }
      | undefined;
    expect(started?.members).toHaveLength(2);
    expect(Object.keys(sessionStorage).filter((key) => key.startsWith('sevadocs-start-members:'))).toEqual([]);
  });

  it('sends the same key again after a lost answer, even after a reload', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const api = fakeApi({ [START]: () => 'network-error' });
    const first = await renderPage();
    fireEvent.change(field(0, 'Date of birth'), { target: { value: '1988-04-12' } });
    fireEvent.click(startButton());
    expect((await screen.findByRole('alert')).textContent).toMatch(/check your connection/);
    first.unmount();

    api.routes[START] = () => ok(order(), APPLICATION_MESSAGES.alreadyStarted, 200);
    await renderPage();
    fireEvent.change(field(0, 'Date of birth'), { target: { value: '1988-04-12' } });
    fireEvent.click(startButton());
    await waitFor(() => expect(screen.getByTestId('where').textContent).toContain('orderId=DOC-48213907'));
    const [lost, again] = startKeys(api.calls);
    expect(again).toBe(lost);
  });

  it('shows the server’s member messages on their fields (members.N.field) and the rest above the button', async () => {
    const message = MEMBER_MESSAGES.kindMismatch('Minor', '2015-05-05');
    fakeApi({ [START]: () => fail(400, message, { 'members.1.kind': message }) });
    await renderPage();
    fireEvent.change(field(0, 'Date of birth'), { target: { value: '1988-04-12' } });
    fillSecondMember();
    fireEvent.click(startButton());
    const dob = field(1, 'Date of birth');
    await waitFor(() => expect(dob.getAttribute('aria-invalid')).toBe('true'));
    expect(document.getElementById(dob.getAttribute('aria-describedby') ?? '')?.textContent).toBe(message);
    expect(document.activeElement).toBe(dob);
  });

  it('offers "Pay now, finish the forms later" beside "Start the forms", each saying what follows (issue 30 §4)', async () => {
    const api = fakeApi({ [START]: () => ok(order(), APPLICATION_MESSAGES.started, 201) });
    await renderPage();
    const choices = screen.getByRole('list', { name: 'How to go on' });
    const buttons = within(choices).getAllByRole('button');
    expect(buttons.map((b) => b.textContent)).toEqual(['Start the forms', 'Pay now, finish the forms later']);
    // Alike: the same kind of button, each described by what happens next.
    expect(buttons[1]?.className).toBe(buttons[0]?.className);
    const described = (button: HTMLElement | undefined) =>
      document.getElementById(button?.getAttribute('aria-describedby') ?? '')?.textContent;
    expect(described(buttons[0])).toMatch(/then pay\. Nothing is charged yet\./);
    expect(described(buttons[1])).toMatch(/a reminder with a link to them after 2 and 7 days/);

    fireEvent.change(field(0, 'Date of birth'), { target: { value: '1988-04-12' } });
    fireEvent.click(screen.getByRole('button', { name: 'Pay now, finish the forms later' }));
    // The same order as "Start the forms" would make, then the checkout instead of the forms.
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/checkout?orderId=DOC-48213907'));
    expect(api.calls.filter((c) => `${c.method} ${c.path}` === START)).toHaveLength(1);
  });

  it('counts in the total only the members the package takes, and says who is left out and why', async () => {
    // An adults-only package (a passport renewal's adult booklet): a child would be refused at the start.
    const adults = { ...CHOSEN, pkg: { ...CHOSEN.pkg, applicantKinds: ['Adult' as const] } };
    await renderPage({ name: 'Priya Sharma' }, adults);
    fireEvent.change(field(0, 'Date of birth'), { target: { value: '1988-04-12' } });
    fillSecondMember();
    const total = () => screen.getByText(/Total/).closest('div') as HTMLElement;
    expect(total().textContent).toContain('1 member × $357');
    expect(total().textContent).toContain('Total $357');
    expect(within(total()).getByText(notCounted(['Dev Sharma']))).toBeTruthy();
    expect(notCounted(['Dev Sharma'])).toBe(
      'Not in the total: Dev Sharma. This package is not for them (see under their date of birth), and the application starts only once they are removed.',
    );
    expect(notCounted(['Dev Sharma', 'Member 3'])).toContain('Dev Sharma, Member 3. ');
    expect(notCounted(['Dev Sharma', 'Member 3'])).toContain('(see under their dates of birth)');

    // Removed, the list is the order's: nothing is left out.
    fireEvent.click(screen.getByRole('button', { name: 'Remove member 2' }));
    expect(total().textContent).toContain('Total $357');
    expect(screen.queryByText(/Not in the total/)).toBeNull();
  });

  it('says once, beside the member, why the package refuses them when the server refuses the start', async () => {
    // An adults-only package, and a child typed with a phone's curly apostrophe: the server names
    // them as its rule sends them (a straight one), the page as typed. The same refusal either way.
    const adults = { ...CHOSEN, pkg: { ...CHOSEN.pkg, applicantKinds: ['Adult' as const] } };
    const refused = APPLICANT_MESSAGES.adultsOnly("Dev D'Souza");
    fakeApi({ [START]: () => fail(400, refused, { 'members.1.dateOfBirth': refused }) });
    await renderPage({ name: 'Priya Sharma' }, adults);
    fireEvent.change(field(0, 'Date of birth'), { target: { value: '1988-04-12' } });
    fillSecondMember();
    fireEvent.change(field(1, 'Full name (as in the passport)'), { target: { value: 'Dev D’Souza' } });
    fireEvent.click(startButton());

    const dob = field(1, 'Date of birth');
    await waitFor(() => expect(document.activeElement).toBe(dob));
    expect(timesSaid('is under 18, and this package is for adults')).toBe(1);
    // Read out with the field the focus lands on, which is marked as the one to change.
    expect(dob.getAttribute('aria-invalid')).toBe('true');
    expect(
      dob
        .getAttribute('aria-describedby')
        ?.split(' ')
        .map((id) => document.getElementById(id)?.textContent),
    ).toEqual([`${APPLICANT_MESSAGES.adultsOnly('Dev D’Souza')} See this service’s packages`]);
    const child = memberGroups()[1] as HTMLElement;
    expect(within(child).getByText(APPLICANT_MESSAGES.adultsOnly('Dev D’Souza'))).toBeTruthy();
    expect(within(child).getByRole('link', { name: 'See this service’s packages' })).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.getByTestId('where').textContent).toBe(
      '/package-form?service=oci-card&package=new-oci-card&applyingFrom=US',
    );
  });

  it('shows the server’s refusal of a member on their date of birth when the page did not foresee it', async () => {
    // The page's package took anyone; the catalog has since made it adults-only.
    const refused = APPLICANT_MESSAGES.adultsOnly('Dev Sharma');
    fakeApi({ [START]: () => fail(400, refused, { 'members.1.dateOfBirth': refused }) });
    await renderPage();
    fireEvent.change(field(0, 'Date of birth'), { target: { value: '1988-04-12' } });
    fillSecondMember();
    fireEvent.click(startButton());

    const dob = field(1, 'Date of birth');
    await waitFor(() => expect(dob.getAttribute('aria-invalid')).toBe('true'));
    expect(document.getElementById(dob.getAttribute('aria-describedby') ?? '')?.textContent).toBe(refused);
    expect(document.activeElement).toBe(dob);
    expect(timesSaid(refused)).toBe(1);
  });

  it('counts a member whose date of birth is not in yet: nothing refuses them so far', async () => {
    const adults = { ...CHOSEN, pkg: { ...CHOSEN.pkg, applicantKinds: ['Adult' as const] } };
    await renderPage({ name: 'Priya Sharma' }, adults);
    fireEvent.click(screen.getByRole('button', { name: 'Add a family member' }));
    expect(screen.getByText(/Total/).textContent).toContain('$714');
    expect(screen.queryByText(/Not in the total/)).toBeNull();
  });

  it('says a refusal about the package above the button, keeping the members', async () => {
    fakeApi({
      [START]: () =>
        fail(400, APPLICATION_MESSAGES.packageNotFound, { packageId: APPLICATION_MESSAGES.packageNotFound }),
    });
    await renderPage();
    fireEvent.change(field(0, 'Date of birth'), { target: { value: '1988-04-12' } });
    fireEvent.click(startButton());
    expect((await screen.findByRole('alert')).textContent).toBe(APPLICATION_MESSAGES.packageNotFound);
    expect(field(0, 'Date of birth')).toHaveProperty('value', '1988-04-12');
    expect(startButton().textContent).toContain('Start the forms');
  });

  it('says when this tab already started the package, and starts a new one with a new key', async () => {
    const api = fakeApi({ [START]: () => ok(order(), APPLICATION_MESSAGES.started, 201) });
    const first = await renderPage();
    fireEvent.change(field(0, 'Date of birth'), { target: { value: '1988-04-12' } });
    fireEvent.click(startButton());
    await waitFor(() => expect(screen.getByTestId('where').textContent).toContain('orderId=DOC-48213907'));
    first.unmount();

    await renderPage();
    const notice = await screen.findByText(/You already started this application as DOC-48213907/);
    expect(within(notice).getByRole('link', { name: 'Open DOC-48213907' }).getAttribute('href')).toBe(
      '/service-order?orderId=DOC-48213907',
    );
    fireEvent.change(field(0, 'Date of birth'), { target: { value: '1988-04-12' } });
    fireEvent.click(startButton());
    await waitFor(() => expect(api.calls.filter((c) => `${c.method} ${c.path}` === START)).toHaveLength(2));
    const [one, two] = startKeys(api.calls);
    expect(two).not.toBe(one);
  });

  it('fills in a returning customer’s own date of birth from their earlier application, open to change', async () => {
    const api = fakeApi({
      [PREFILL]: earlierSelf('1988-04-12'),
      [START]: () => ok(order(), APPLICATION_MESSAGES.started, 201),
    });
    const first = await renderPage();
    const dob = () => field(0, 'Date of birth') as HTMLInputElement;
    await waitFor(() => expect(dob().value).toBe('1988-04-12'));
    expect((field(0, 'Full name (as in the passport)') as HTMLInputElement).value).toBe('Priya Sharma');
    expect(screen.getByText('Adult')).toBeTruthy();
    expect(dob().disabled || dob().readOnly).toBe(false);
    fireEvent.change(dob(), { target: { value: '1988-04-21' } });
    expect(dob().value).toBe('1988-04-21');

    // Cleared, it stays cleared through a reload: the earlier date does not come back over it.
    fireEvent.change(dob(), { target: { value: '' } });
    first.unmount();
    const second = await renderPage();
    await waitFor(() => expect(api.calls.filter((c) => `${c.method} ${c.path}` === PREFILL)).toHaveLength(1));
    await act(async () => {});
    expect(dob().value).toBe('');
    second.unmount();

    // A new tab starts from the earlier date again, and it is sent as is.
    sessionStorage.clear();
    await renderPage();
    await waitFor(() => expect(dob().value).toBe('1988-04-12'));
    fireEvent.click(startButton());
    await waitFor(() => expect(screen.getByTestId('where').textContent).toContain('orderId=DOC-48213907'));
    const started = api.calls.find((c) => `${c.method} ${c.path}` === START)?.body as { members: unknown[] };
    expect(started.members).toEqual([
      { fullName: 'Priya Sharma', dateOfBirth: '1988-04-12', relationship: 'Self', kind: 'Adult' },
    ]);
  });

  it('keeps what was typed on this device over the earlier date of birth, also when typed while it came', async () => {
    const api = fakeApi({ [PREFILL]: earlierSelf(null) });
    const first = await renderPage();
    fireEvent.change(field(0, 'Date of birth'), { target: { value: '1990-01-01' } });
    first.unmount();

    api.routes[PREFILL] = earlierSelf('1988-04-12');
    const second = await renderPage();
    await waitFor(() => expect((field(0, 'Date of birth') as HTMLInputElement).value).toBe('1990-01-01'));
    await act(async () => {});
    expect((field(0, 'Date of birth') as HTMLInputElement).value).toBe('1990-01-01');
    second.unmount();

    // The answer comes after the customer started typing: what they typed stays as it is.
    sessionStorage.clear();
    let answer: (() => void) | undefined;
    api.routes[PREFILL] = () =>
      new Promise((resolve) => {
        answer = () => resolve(earlierSelf('1988-04-12')());
      });
    await renderPage();
    fireEvent.change(field(0, 'Full name (as in the passport)'), { target: { value: 'Priya R Sharma' } });
    await waitFor(() => expect(answer).toBeDefined());
    await act(async () => answer?.());
    expect((field(0, 'Date of birth') as HTMLInputElement).value).toBe('');
  });

  it('leaves the child of a package for minors blank: the earlier date of birth is the customer’s own', async () => {
    fakeApi({ [PREFILL]: earlierSelf('1988-04-12') });
    const minor = {
      ...CHOSEN,
      pkg: { ...CHOSEN.pkg, name: 'Minor Passport Renewal', applicantKinds: ['Minor' as const] },
    };
    await renderPage({ name: 'Priya Sharma' }, minor);
    await act(async () => {});
    expect((field(0, 'Date of birth') as HTMLInputElement).value).toBe('');
    expect((field(0, 'Relationship to you') as HTMLSelectElement).value).toBe('Child');
  });
});
