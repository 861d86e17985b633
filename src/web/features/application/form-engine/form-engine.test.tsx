// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createRef } from 'react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import type { FormDefinition } from '../../../../domain/forms/definition.ts';
import { cleanupAfterEach, fakeApi, installBrowserStubs, stickyBarsOfHeight } from '../../../testing/dom.tsx';
import { FormEngine, type FormEngineHandle, type FormEngineProps } from './form-engine.tsx';

beforeAll(installBrowserStubs);
cleanupAfterEach();

const TODAY = '2026-11-30';
const yesNo = [
  { value: 'yes', label: 'Yes' },
  { value: 'no', label: 'No' },
];

const definition: FormDefinition = {
  format: 1,
  id: 'test/engine',
  version: 3,
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
            {
              type: 'text',
              key: 'givenName',
              label: 'Given name',
              required: true,
              help: 'As printed in your passport.',
              transforms: ['trim', 'uppercase'],
            },
            { type: 'email', key: 'email', label: 'Email' },
            {
              type: 'radio',
              key: 'changedName',
              label: 'Have you changed your name?',
              errorLabel: 'Name change',
              required: true,
              options: yesNo,
            },
            {
              type: 'dependent',
              key: 'previous',
              when: { field: 'changedName', equals: 'yes' },
              fields: [{ type: 'text', key: 'previousName', label: 'Previous name', required: true }],
            },
          ],
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
    {
      key: 'consent',
      title: 'Parents’ consent',
      memberKinds: ['Minor'],
      sections: [
        {
          key: 'consentSection',
          title: 'Consent',
          fields: [
            {
              type: 'checkboxes',
              key: 'consentGiven',
              label: 'Consent',
              required: true,
              options: [{ value: 'given', label: 'We both consent' }],
            },
          ],
        },
      ],
    },
  ],
};

function renderEngine(props: Partial<FormEngineProps> = {}) {
  fakeApi({});
  const handle = createRef<FormEngineHandle>();
  const callbacks = { onChange: vi.fn(), onStepChange: vi.fn(), onComplete: vi.fn() };
  render(
    <FormEngine definition={definition} memberKind="Adult" today={TODAY} ref={handle} {...callbacks} {...props} />,
  );
  return { handle, ...callbacks };
}

const heading = () => screen.getByRole('heading', { level: 2 });
const continueButton = () => screen.getByRole('button', { name: /Continue|Review answers/ });
const givenName = () => screen.getByLabelText(/^Given name/);

/** Another member's contact, offered with one tap. */
const RAHULS_CONTACT = {
  id: 'contact-2',
  label: 'Same contact as Rahul',
  from: 'From Rahul Sharma’s answers',
  values: { email: 'r@example.com' },
  keys: ['email'],
};

describe('FormEngine', () => {
  it('renders the member’s first step as a guided card, with the per-member step counter', () => {
    renderEngine();
    expect(heading().textContent).toBe('About you');
    expect(screen.getAllByText('Step 1 of 2').length).toBeGreaterThan(0);
    expect(screen.getByRole('navigation', { name: 'Form steps' })).toBeTruthy();
    expect(screen.getByRole('region', { name: 'Your name' })).toBeTruthy();
    const help = document.getElementById(givenName().getAttribute('aria-describedby') ?? '');
    expect(help?.textContent).toBe('As printed in your passport.');
    expect(givenName().getAttribute('aria-required')).toBe('true');
    expect(screen.getByText('(optional)')).toBeTruthy();
    expect(screen.queryByLabelText(/Previous name/)).toBeNull();
  });

  it('shows a malformed answer’s message when the field is left, but not a missing one’s', async () => {
    renderEngine();
    fireEvent.blur(givenName());
    const email = screen.getByLabelText(/^Email/);
    fireEvent.change(email, { target: { value: 'priya@' } });
    fireEvent.blur(email);
    expect((await screen.findByRole('alert')).textContent).toBe('Please enter a valid email address');
    expect(email.getAttribute('aria-invalid')).toBe('true');
    expect(screen.queryByText('Given name is required')).toBeNull();
  });

  it('stays on a step with missing answers, says what is missing and focuses the first', async () => {
    const { onStepChange } = renderEngine();
    fireEvent.click(continueButton());
    const alerts = await screen.findAllByRole('alert');
    expect(alerts.map((a) => a.textContent)).toEqual([
      'Given name is required',
      'Name change: please answer Yes or No',
    ]);
    await waitFor(() => expect(document.activeElement).toBe(givenName()));
    expect(givenName().getAttribute('aria-invalid')).toBe('true');
    const group = screen.getByRole('group', { name: /Have you changed your name/ });
    expect(group.getAttribute('aria-describedby')).toContain('error');
    expect(onStepChange).not.toHaveBeenCalled();
    expect(heading().textContent).toBe('About you');
    fireEvent.change(givenName(), { target: { value: 'Priya' } });
    await waitFor(() => expect(screen.queryByText('Given name is required')).toBeNull());
  });

  it('shows a dependent’s questions while its condition holds, validates them, and drops them when hidden', async () => {
    const { handle, onChange } = renderEngine({ defaultValues: { givenName: 'PRIYA' } });
    fireEvent.click(screen.getByRole('radio', { name: 'Yes' }));
    const previous = await screen.findByLabelText(/Previous name/);
    fireEvent.click(continueButton());
    expect((await screen.findByRole('alert')).textContent).toBe('Previous name is required');
    fireEvent.change(previous, { target: { value: 'Iyer' } });
    expect(handle.current?.getValues().previousName).toBe('Iyer');
    fireEvent.click(screen.getByRole('radio', { name: 'No' }));
    await waitFor(() => expect(screen.queryByLabelText(/Previous name/)).toBeNull());
    await waitFor(() => expect(handle.current?.getValues()).not.toHaveProperty('previousName'));
    expect(onChange).toHaveBeenLastCalledWith(expect.objectContaining({ isDirty: true }));
    expect(onChange.mock.lastCall?.[0].values).not.toHaveProperty('previousName');
  });

  it('shows a dependent whose condition is an answer of an earlier step (the OCI form’s eligibility through marriage)', async () => {
    const note = 'Your previous name goes on the passport page too.';
    const [aboutYou, passport] = definition.steps;
    if (!aboutYou || !passport) throw new Error('the test definition has two steps first');
    const section = passport.sections[0];
    if (!section) throw new Error('the passport step has a section');
    const withNote: FormDefinition = {
      ...definition,
      steps: [
        aboutYou,
        {
          ...passport,
          sections: [
            {
              ...section,
              fields: [
                ...section.fields,
                {
                  type: 'dependent',
                  key: 'renamed',
                  when: { field: 'changedName', equals: 'yes' },
                  fields: [{ type: 'description', key: 'renamedNote', label: 'Your other name', text: note }],
                },
              ],
            },
          ],
        },
      ],
    };
    for (const [changedName, shown] of [
      ['yes', true],
      ['no', false],
    ] as const) {
      const { handle } = renderEngine({ definition: withNote, defaultValues: { givenName: 'PRIYA', changedName } });
      act(() => handle.current?.goToStep(2));
      await waitFor(() => expect(heading().textContent).toBe('Passport'));
      expect(screen.queryByText(note) !== null, changedName).toBe(shown);
      cleanup();
    }
  });

  it('moves to the next step once this one passes, focusing its heading and telling the host', async () => {
    const { onStepChange } = renderEngine();
    fireEvent.change(givenName(), { target: { value: ' priya ' } });
    fireEvent.blur(givenName());
    await waitFor(() => expect((givenName() as HTMLInputElement).value).toBe('PRIYA'));
    fireEvent.click(screen.getByRole('radio', { name: 'No' }));
    fireEvent.click(continueButton());
    await waitFor(() => expect(heading().textContent).toBe('Passport'));
    expect(document.activeElement).toBe(heading());
    expect(onStepChange).toHaveBeenCalledWith(
      expect.objectContaining({ step: 2, stepKey: 'passport', previousStep: 1, isDirty: true }),
    );
    expect(onStepChange.mock.lastCall?.[0].values).toMatchObject({ givenName: 'PRIYA', changedName: 'no' });
    fireEvent.click(screen.getByRole('button', { name: 'Back' }));
    await waitFor(() => expect(heading().textContent).toBe('About you'));
    expect((givenName() as HTMLInputElement).value).toBe('PRIYA');
  });

  it('leaves the focus on an answer that reveals more questions, after any step move', async () => {
    renderEngine({ defaultValues: { givenName: 'PRIYA', changedName: 'no' } });
    fireEvent.click(continueButton());
    await waitFor(() => expect(heading().textContent).toBe('Passport'));
    fireEvent.click(screen.getByRole('button', { name: 'Back' }));
    await waitFor(() => expect(heading().textContent).toBe('About you'));
    expect(document.activeElement).toBe(heading());
    // Answering on the step: the revealed question appears, the focus stays on the answer.
    const yes = screen.getByRole('radio', { name: 'Yes' });
    yes.focus();
    fireEvent.click(yes);
    await screen.findByLabelText(/Previous name/);
    expect(document.activeElement).toBe(yes);
  });

  it('opens any step from the navigator and ticks the steps that are complete', async () => {
    renderEngine({ defaultValues: { givenName: 'PRIYA', changedName: 'no' } });
    const nav = screen.getByRole('navigation', { name: 'Form steps' });
    expect(within(nav).getAllByRole('button', { name: 'About you, complete' }).length).toBeGreaterThan(0);
    fireEvent.click(within(nav).getAllByRole('button', { name: 'Passport' })[0] as HTMLElement);
    await waitFor(() => expect(heading().textContent).toBe('Passport'));
    expect(within(nav).getAllByRole('button', { name: 'Passport' })[0]?.getAttribute('aria-current')).toBe('step');
  });

  it('keeps a later step it was filled in on ticked when the form opens on an earlier one (going back to change it)', () => {
    const answers = { givenName: 'PRIYA', changedName: 'no', passportNumber: 'Z1234567' };
    renderEngine({ defaultValues: answers, savedAnswers: answers, initialStep: 1 });
    const nav = screen.getByRole('navigation', { name: 'Form steps' });
    expect(within(nav).getAllByRole('button', { name: 'Passport, complete' }).length).toBeGreaterThan(0);
    expect(within(nav).getAllByText('All steps complete').length).toBeGreaterThan(0);
  });

  it('does not tick a later step for what the household filled in: only what was saved counts', () => {
    const answers = { givenName: 'PRIYA', changedName: 'no', passportNumber: 'Z1234567' };
    renderEngine({ defaultValues: answers, savedAnswers: { givenName: 'PRIYA' }, initialStep: 1 });
    const nav = screen.getByRole('navigation', { name: 'Form steps' });
    expect(within(nav).queryAllByRole('button', { name: 'Passport, complete' })).toHaveLength(0);
  });

  it('asks a minor the minor’s steps', () => {
    renderEngine({ memberKind: 'Minor', initialStep: 3 });
    expect(heading().textContent).toBe('Parents’ consent');
    expect(screen.getAllByText('Step 3 of 3').length).toBeGreaterThan(0);
  });

  it('on the last step, hands the normalised answers over for review', async () => {
    const { onComplete } = renderEngine({
      initialStep: 2,
      defaultValues: { givenName: 'PRIYA', changedName: 'no', previousName: 'kept by mistake' },
    });
    fireEvent.change(screen.getByLabelText(/Passport number/), { target: { value: 'z 123 4567' } });
    fireEvent.click(screen.getByRole('button', { name: 'Review answers' }));
    await waitFor(() => expect(onComplete).toHaveBeenCalledTimes(1));
    expect(onComplete).toHaveBeenCalledWith({ givenName: 'PRIYA', changedName: 'no', passportNumber: 'z1234567' });
  });

  it('sends the customer back to the first step with a missing answer before review', async () => {
    const { onComplete } = renderEngine({ initialStep: 2 });
    fireEvent.change(screen.getByLabelText(/Passport number/), { target: { value: 'Z1234567' } });
    fireEvent.click(screen.getByRole('button', { name: 'Review answers' }));
    await waitFor(() => expect(heading().textContent).toBe('About you'));
    expect(await screen.findByText('Given name is required')).toBeTruthy();
    expect(onComplete).not.toHaveBeenCalled();
  });

  it('lets autosave read the answers, their dirty state and what a partial save keeps', async () => {
    const { handle, onChange } = renderEngine({ defaultValues: { givenName: 'PRIYA' } });
    expect(handle.current?.isDirty()).toBe(false);
    const email = screen.getByLabelText(/^Email/);
    fireEvent.change(email, { target: { value: 'not-an-email' } });
    await waitFor(() =>
      expect(onChange).toHaveBeenCalledWith(expect.objectContaining({ name: 'email', isDirty: true })),
    );
    expect(handle.current?.isDirty()).toBe(true);
    expect(handle.current?.savableAnswers()).toEqual({
      answers: { givenName: 'PRIYA' },
      errors: { email: 'Please enter a valid email address' },
    });
    act(() => handle.current?.markSaved(handle.current.getValues()));
    await waitFor(() => expect(handle.current?.isDirty()).toBe(false));
    expect((email as HTMLInputElement).value).toBe('not-an-email');
    expect(handle.current?.currentStep()).toBe(1);
    act(() => handle.current?.goToStep(2));
    await waitFor(() => expect(heading().textContent).toBe('Passport'));
  });

  it('takes answers saved in another tab, keeping what was typed here since the last save', async () => {
    const { handle } = renderEngine({ defaultValues: { givenName: 'PRIYA', email: 'old@example.com' } });
    fireEvent.change(screen.getByLabelText(/^Email/), { target: { value: 'new@example.com' } });
    await waitFor(() => expect(handle.current?.isDirty()).toBe(true));
    // The other tab changed the given name and left the e-mail as it was.
    act(() => handle.current?.mergeSaved({ givenName: 'ASHA', email: 'old@example.com' }));
    await waitFor(() => expect((screen.getByLabelText(/Given name/) as HTMLInputElement).value).toBe('ASHA'));
    expect((screen.getByLabelText(/^Email/) as HTMLInputElement).value).toBe('new@example.com');
    expect(handle.current?.getValues()).toMatchObject({ givenName: 'ASHA', email: 'new@example.com' });
    expect(handle.current?.isDirty()).toBe(true);
  });

  it('draws the host’s steps after the definition’s, and hands over the answers from the last one', async () => {
    const { onStepChange, onComplete } = renderEngine({
      initialStep: 2,
      defaultValues: { givenName: 'PRIYA', changedName: 'no', passportNumber: 'Z1234567' },
      hostSteps: [
        { key: 'documents', title: 'Documents', intro: 'Upload them here.', done: true, content: <p>Checklist</p> },
      ],
    });
    expect(screen.getAllByText('Step 2 of 3').length).toBeGreaterThan(0);
    const nav = screen.getByRole('navigation', { name: 'Form steps' });
    expect(within(nav).getAllByRole('button', { name: 'Documents, complete' }).length).toBeGreaterThan(0);
    fireEvent.click(continueButton());
    await waitFor(() => expect(heading().textContent).toBe('Documents'));
    expect(screen.getByText('Checklist')).toBeTruthy();
    expect(onStepChange).toHaveBeenCalledWith(expect.objectContaining({ step: 3, stepKey: 'documents' }));
    fireEvent.click(screen.getByRole('button', { name: 'Review answers' }));
    await waitFor(() => expect(onComplete).toHaveBeenCalledTimes(1));
  });

  it('shows the server’s field messages on their step', async () => {
    const { handle } = renderEngine({ initialStep: 2 });
    let shown = false;
    act(() => {
      shown = handle.current?.showErrors({ givenName: 'Given name is too long', nothing: 'Not a field' }) ?? false;
    });
    expect(shown).toBe(true);
    await waitFor(() => expect(heading().textContent).toBe('About you'));
    expect((await screen.findByRole('alert')).textContent).toBe('Given name is too long');
    expect(givenName().getAttribute('aria-invalid')).toBe('true');
  });

  it('says where a pre-filled answer came from, and takes a one-tap copy into the form, saying where it came from', async () => {
    const { onChange, handle } = renderEngine({
      defaultValues: { givenName: 'PRIYA' },
      notes: { givenName: 'From “Who is applying”' },
      offers: [RAHULS_CONTACT],
    });
    // Shown, editable, and read out with the field.
    expect(givenName()).toHaveProperty('value', 'PRIYA');
    const described = (givenName().getAttribute('aria-describedby') ?? '').split(' ');
    expect(described.map((id) => document.getElementById(id)?.textContent)).toContain('From “Who is applying”');
    expect(screen.queryByText('From Rahul Sharma’s answers')).toBeNull();

    fireEvent.click(
      within(screen.getByRole('region', { name: 'Your name' })).getByRole('button', { name: 'Same contact as Rahul' }),
    );
    await waitFor(() => expect(screen.getByLabelText(/^Email/)).toHaveProperty('value', 'r@example.com'));
    expect(screen.getByText('From Rahul Sharma’s answers')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Same contact as Rahul' })).toBeNull();
    expect(handle.current?.getValues()).toMatchObject({ givenName: 'PRIYA', email: 'r@example.com' });
    await waitFor(() => expect(onChange).toHaveBeenCalledWith(expect.objectContaining({ isDirty: true })));
  });

  it('checks a marked question again once a copy answers it: no error left in red under the copied answer', async () => {
    const { handle } = renderEngine({
      offers: [RAHULS_CONTACT],
    });
    act(() => {
      handle.current?.showErrors({ email: 'Email is required' });
    });
    expect((await screen.findByRole('alert')).textContent).toBe('Email is required');
    fireEvent.click(screen.getByRole('button', { name: 'Same contact as Rahul' }));
    await waitFor(() => expect(screen.getByLabelText(/^Email/)).toHaveProperty('value', 'r@example.com'));
    await waitFor(() => expect(screen.queryByText('Email is required')).toBeNull());
    expect(screen.getByLabelText(/^Email/).getAttribute('aria-invalid')).not.toBe('true');
  });

  it('offers a copy worked out from the answers as they are now, and takes it once (liveOffers)', async () => {
    const { handle } = renderEngine({
      liveOffers: {
        keys: ['givenName', 'email'],
        of: (current) =>
          typeof current.givenName === 'string' && current.givenName !== '' && !current.email
            ? [
                {
                  id: 'name-as-email',
                  label: `Use ${current.givenName} as the e-mail`,
                  from: 'From your name',
                  values: { email: `${current.givenName.toLowerCase()}@example.com` },
                  keys: ['email'],
                },
              ]
            : [],
      },
    });
    const names = screen.getByRole('region', { name: 'Your name' });
    expect(within(names).queryByRole('button', { name: /^Use / })).toBeNull();
    fireEvent.change(givenName(), { target: { value: 'PRIYA' } });
    const offer = await within(names).findByRole('button', { name: 'Use PRIYA as the e-mail' });
    fireEvent.click(offer);
    await waitFor(() => expect(screen.getByLabelText(/^Email/)).toHaveProperty('value', 'priya@example.com'));
    expect(screen.getByText('From your name')).toBeTruthy();
    // Taken: not offered again, even once the answer it filled is cleared.
    fireEvent.change(screen.getByLabelText(/^Email/), { target: { value: '' } });
    await waitFor(() => expect(handle.current?.getValues().email).toBe(''));
    expect(within(names).queryByRole('button', { name: /^Use / })).toBeNull();
  });

  it('lifts the chat button above its Back and Continue bar while the bar is pinned to the screen’s foot', () => {
    const lift = stickyBarsOfHeight(77);
    renderEngine();
    expect(lift()).toBe('77px');
    cleanup();
    expect(lift()).toBe('');
    vi.restoreAllMocks();
  });
});

describe('where a pre-filled answer came from, beside it only while it holds one', () => {
  it('says nothing beside a field emptied: a hidden answer dropped and saved without it, or one cleared', async () => {
    // A walk: the spouse's details came with their note while "Married" was not chosen; hidden,
    // they were dropped and saved without, and came back empty under "From Priya's application".
    const { handle } = renderEngine({
      defaultValues: { givenName: 'ARJUN', previousName: 'SHARMA' },
      notes: { givenName: 'From “Who is applying”', previousName: 'From Priya’s application DOC-11112222' },
    });
    await waitFor(() => expect(handle.current?.getValues().previousName).toBeUndefined());
    act(() => handle.current?.markSaved(handle.current.getValues()));
    fireEvent.click(screen.getByRole('radio', { name: 'Yes' }));
    expect(await screen.findByLabelText(/^Previous name/)).toHaveProperty('value', '');
    expect(screen.queryByText('From Priya’s application DOC-11112222')).toBeNull();

    expect(screen.getByText('From “Who is applying”')).toBeTruthy();
    fireEvent.change(givenName(), { target: { value: '' } });
    await waitFor(() => expect(screen.queryByText('From “Who is applying”')).toBeNull());
    expect(givenName().getAttribute('aria-describedby')?.split(' ')).toHaveLength(1);
  });

  it('with no noted answer, notes none as the member types, then the one-tap copy once taken', async () => {
    renderEngine({
      offers: [RAHULS_CONTACT],
    });
    fireEvent.change(givenName(), { target: { value: 'ASHA' } });
    await waitFor(() => expect(givenName()).toHaveProperty('value', 'ASHA'));
    expect(givenName().getAttribute('aria-describedby')?.split(' ')).toHaveLength(1);
    expect(screen.queryByText('From Rahul Sharma’s answers')).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Same contact as Rahul' }));
    expect(await screen.findByText('From Rahul Sharma’s answers')).toBeTruthy();
    fireEvent.change(screen.getByLabelText(/^Email/), { target: { value: '' } });
    await waitFor(() => expect(screen.queryByText('From Rahul Sharma’s answers')).toBeNull());
  });
});

describe('a form whose answers decide nothing shown (no dependent, no one-tap copy)', () => {
  it('takes the answers and hands them over for review', async () => {
    const plain: FormDefinition = { ...definition, id: 'test/plain', steps: definition.steps.slice(1, 2) };
    const { onChange, onComplete } = renderEngine({ definition: plain });
    fireEvent.change(screen.getByLabelText(/^Passport number/), { target: { value: 'z 123 4567' } });
    await waitFor(() =>
      expect(onChange).toHaveBeenCalledWith(expect.objectContaining({ name: 'passportNumber', isDirty: true })),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Review answers' }));
    await waitFor(() => expect(onComplete).toHaveBeenCalledWith({ passportNumber: 'z1234567' }));
  });
});

describe('one-tap copies over what the member has answered since the form opened', () => {
  it('takes back an offer the member’s own answer no longer fits (a No over a Yes just given)', async () => {
    renderEngine({
      defaultValues: { givenName: 'ASHA' },
      offers: [
        {
          id: 'background-2',
          label: 'No to each, as Rahul answered',
          from: 'From Rahul Sharma’s answers',
          values: { changedName: 'no' },
          keys: ['changedName'],
          fits: (current) => current.changedName !== 'yes',
        },
      ],
    });
    const offer = () => screen.queryByRole('button', { name: 'No to each, as Rahul answered' });
    expect(offer()).toBeTruthy();
    fireEvent.click(screen.getByRole('radio', { name: 'Yes' }));
    await waitFor(() => expect(offer()).toBeNull());
    fireEvent.click(screen.getByRole('radio', { name: 'No' }));
    await waitFor(() => expect(offer()).toBeTruthy());
  });

  it('no longer offers another member’s identical answers once one copy gave them (walk G)', async () => {
    const contactOf = (id: string, name: string) => ({
      id,
      label: `Same contact as ${name}`,
      from: `From ${name} Sharma’s answers`,
      values: { email: 'home@example.com' },
      keys: ['email'],
    });
    renderEngine({ offers: [contactOf('contact-2', 'Priya'), contactOf('contact-3', 'Anya')] });
    expect(screen.getByRole('button', { name: 'Same contact as Anya' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Same contact as Priya' }));
    await waitFor(() => expect(screen.getByLabelText(/^Email/)).toHaveProperty('value', 'home@example.com'));
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Same contact as Anya' })).toBeNull());
  });

  it('empties the questions the other member left empty, so no old answer stays among theirs', async () => {
    const { handle } = renderEngine({
      defaultValues: { givenName: 'ASHA', email: 'old@example.com' },
      offers: [
        {
          id: 'address-2',
          label: 'Same as Rahul',
          from: 'From Rahul Sharma’s answers',
          values: { givenName: 'RAHUL' },
          keys: ['givenName', 'email'],
        },
      ],
    });
    fireEvent.click(screen.getByRole('button', { name: 'Same as Rahul' }));
    await waitFor(() => expect(givenName()).toHaveProperty('value', 'RAHUL'));
    expect(screen.getByLabelText(/^Email/)).toHaveProperty('value', '');
    expect(handle.current?.savableAnswers().answers).not.toHaveProperty('email');
  });
});

describe('a minor’s form names the child (issue 30 §3)', () => {
  const definition: FormDefinition = {
    format: 1,
    id: 'test/minor-texts',
    version: 1,
    title: 'OCI card registration',
    steps: [
      {
        key: 'aboutYou',
        title: 'About you',
        minor: { title: 'About {name}' },
        sections: [
          {
            key: 'namesSection',
            title: 'Your name, as in your passport',
            minor: { title: '{name}’s name, as in the passport' },
            fields: [
              { type: 'text', key: 'givenName', label: 'Given name(s)', required: true },
              {
                type: 'radio',
                key: 'changedName',
                label: 'Have you ever been known by another name?',
                errorLabel: 'Other names',
                minor: { label: 'Has {name} ever been known by another name?' },
                required: true,
                options: [
                  { value: 'yes', label: 'Yes' },
                  { value: 'no', label: 'No' },
                ],
              },
              {
                type: 'image upload',
                key: 'photo',
                label: 'Your photo',
                minor: { label: '{name}’s photo' },
                required: true,
              },
            ],
          },
        ],
      },
    ],
  };
  const labels = () =>
    [...document.querySelectorAll('h1, h2, h3, label, legend')].map((e) => e.textContent ?? '').join(' | ');

  it('a minor’s labels and titles say “Anaya”, never “you” or “your”; the messages too', async () => {
    render(<FormEngine definition={definition} memberKind="Minor" memberName="Anaya Sharma" today="2026-11-30" />);
    expect(screen.getByRole('heading', { name: 'About Anaya' })).toBeTruthy();
    expect(screen.getByText('Anaya’s name, as in the passport')).toBeTruthy();
    expect(screen.getByText('Has Anaya ever been known by another name?')).toBeTruthy();
    expect(screen.getByLabelText(/Anaya’s photo/)).toBeTruthy();
    expect(labels()).not.toMatch(/\b(you|your)\b/i);
    fireEvent.click(screen.getByRole('button', { name: /Continue|Review answers/ }));
    expect(await screen.findByText('Anaya’s photo is required')).toBeTruthy();
  });

  it('an adult’s form keeps “you”', () => {
    render(<FormEngine definition={definition} memberKind="Adult" memberName="Priya Sharma" today="2026-11-30" />);
    expect(screen.getByRole('heading', { name: 'About you' })).toBeTruthy();
    expect(screen.getByLabelText(/Your photo/)).toBeTruthy();
    expect(labels()).not.toContain('Priya');
  });
});

describe('a question required only while another answer says so (requiredWhen)', () => {
  it('drops its “(optional)” and asks for it once the answer it tests says so', async () => {
    const renewal: FormDefinition = {
      ...definition,
      id: 'test/required-when',
      steps: [
        {
          key: 'renewal',
          title: 'Your renewal',
          sections: [
            {
              key: 'why',
              title: 'Why',
              fields: [
                {
                  type: 'radio',
                  key: 'reason',
                  label: 'Why do you need a new passport?',
                  errorLabel: 'Reason',
                  required: true,
                  options: [
                    { value: 'expiring', label: 'It expires soon' },
                    { value: 'changes', label: 'Something in it must change' },
                  ],
                },
                {
                  type: 'checkboxes',
                  key: 'changes',
                  label: 'What must change, if anything?',
                  errorLabel: 'What must change',
                  requiredWhen: { field: 'reason', equals: 'changes' },
                  options: [{ value: 'address', label: 'Address' }],
                },
              ],
            },
          ],
        },
      ],
    };
    const { onComplete } = renderEngine({ definition: renewal });
    const changes = () => screen.getByRole('group', { name: /What must change/ });
    fireEvent.click(screen.getByRole('radio', { name: 'It expires soon' }));
    await waitFor(() => expect(within(changes()).queryByText('(optional)')).toBeTruthy());
    fireEvent.click(screen.getByRole('radio', { name: 'Something in it must change' }));
    await waitFor(() => expect(within(changes()).queryByText('(optional)')).toBeNull());
    fireEvent.click(screen.getByRole('button', { name: 'Review answers' }));
    expect((await screen.findByRole('alert')).textContent).toBe('What must change is required');
    expect(onComplete).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('checkbox', { name: 'Address' }));
    fireEvent.click(screen.getByRole('button', { name: 'Review answers' }));
    await waitFor(() => expect(onComplete).toHaveBeenCalledWith({ reason: 'changes', changes: ['address'] }));
  });
});
