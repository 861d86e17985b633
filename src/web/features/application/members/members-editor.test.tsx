// @vitest-environment jsdom
import { zodResolver } from '@hookform/resolvers/zod';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { FormProvider, type Resolver, useForm } from 'react-hook-form';
import { MemoryRouter } from 'react-router';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { MAX_MEMBERS, MEMBER_MESSAGES } from '../../../../domain/applications/members.ts';
import { APPLICANT_MESSAGES, type ApplicantRule } from '../../../../domain/applications/package-applicants.ts';
import { cleanupAfterEach, installBrowserStubs } from '../../../testing/dom.tsx';
import { MemberForm } from './member-form.tsx';
import { MembersEditor, type MembersFormValues, membersFormSchema } from './members-editor.tsx';

beforeAll(installBrowserStubs);
cleanupAfterEach();

const TODAY = '2026-11-20';

function Harness({
  onValid,
  rule,
  packagesHref,
}: {
  onValid(values: unknown): void;
  rule?: ApplicantRule;
  packagesHref?: string;
}) {
  const form = useForm<MembersFormValues>({
    resolver: zodResolver(membersFormSchema(TODAY)) as unknown as Resolver<MembersFormValues>,
    defaultValues: { members: [{ fullName: 'Priya Sharma', dateOfBirth: '', relationship: 'Self' }] },
    mode: 'onSubmit',
    reValidateMode: 'onSubmit',
  });
  return (
    <MemoryRouter>
      <FormProvider {...form}>
        <form noValidate onSubmit={form.handleSubmit(onValid)}>
          <MembersEditor today={TODAY} {...(rule ? { rule } : {})} {...(packagesHref ? { packagesHref } : {})} />
          <button type="submit">Start</button>
        </form>
      </FormProvider>
    </MemoryRouter>
  );
}

const members = () => screen.getAllByRole('group', { name: /^Member \d+$/ });
const field = (index: number, label: string) => within(members()[index] as HTMLElement).getByLabelText(label);
const addButton = () => screen.getByRole('button', { name: 'Add a family member' });

describe('MembersEditor', () => {
  it('starts with the account holder as Self and no Remove button for the only member', () => {
    render(<Harness onValid={() => {}} />);
    const [first] = members();
    expect(within(first as HTMLElement).getByLabelText('Full name (as in the passport)')).toHaveProperty(
      'value',
      'Priya Sharma',
    );
    expect(within(first as HTMLElement).getByLabelText('Relationship to you')).toHaveProperty('value', 'Self');
    expect(screen.queryByRole('button', { name: /Remove/ })).toBeNull();
  });

  it('says as the date of birth is typed that the package is not for the member, in the server’s words, with the way to the other packages', () => {
    // The adult renewal from Canada: 15 and over (a walk added an 8-year-old and was told only at the start).
    render(
      <Harness
        onValid={() => {}}
        rule={{ kinds: ['Adult'], underAge: null, fromAge: 15 }}
        packagesHref="/indian-passport-renewal?applyingFrom=CA"
      />,
    );
    fireEvent.click(addButton());
    const child = members()[1] as HTMLElement;
    fireEvent.change(within(child).getByLabelText('Full name (as in the passport)'), {
      target: { value: 'Aarav Rao' },
    });
    fireEvent.change(within(child).getByLabelText('Date of birth'), { target: { value: '2018-05-01' } });
    expect(within(child).getByText(APPLICANT_MESSAGES.tooYoung('Aarav Rao', 15))).toBeTruthy();
    expect(within(child).getByRole('link', { name: 'See this service’s packages' }).getAttribute('href')).toBe(
      '/indian-passport-renewal?applyingFrom=CA',
    );
    // A 16-year-old is a minor, and from Canada renews on this package.
    fireEvent.change(within(child).getByLabelText('Date of birth'), { target: { value: '2010-05-01' } });
    expect(within(child).queryByText(/and from this country this package is for/)).toBeNull();
    expect(within(child).getByText('Minor')).toBeTruthy();
  });

  it('shows Minor or Adult from the date of birth as it is typed', () => {
    render(<Harness onValid={() => {}} />);
    const first = members()[0] as HTMLElement;
    expect(within(first).getByText('Minor or Adult follows from the date of birth.')).toBeTruthy();
    const dob = within(first).getByLabelText('Date of birth');
    fireEvent.change(dob, { target: { value: '2012-03-04' } });
    expect(within(first).getByText('Minor')).toBeTruthy();
    fireEvent.change(dob, { target: { value: '2008-11-20' } });
    expect(within(first).getByText('Adult'), '18 on the day').toBeTruthy();
    fireEvent.change(dob, { target: { value: '2008-11-21' } });
    expect(within(first).getByText('Minor'), 'one day short of 18').toBeTruthy();
  });

  it('adds members up to the limit, then disables Add and says why', () => {
    render(<Harness onValid={() => {}} />);
    expect(addButton().getAttribute('aria-describedby')).toBeTruthy();
    for (let i = 1; i < MAX_MEMBERS; i += 1) fireEvent.click(addButton());
    expect(members()).toHaveLength(MAX_MEMBERS);
    expect(addButton()).toHaveProperty('disabled', true);
    const why = document.getElementById(addButton().getAttribute('aria-describedby') ?? '');
    expect(why?.textContent).toBe(MEMBER_MESSAGES.tooMany);
    expect(MEMBER_MESSAGES.tooMany).toBe(
      'An application can have at most 10 members. Please start another application for more family members.',
    );
  });

  it('removes a member (never the last one) and keeps the others as typed', () => {
    render(<Harness onValid={() => {}} />);
    fireEvent.click(addButton());
    fireEvent.click(addButton());
    const [, second, third] = members() as HTMLElement[];
    fireEvent.change(within(second as HTMLElement).getByLabelText('Full name (as in the passport)'), {
      target: { value: 'Anil Sharma' },
    });
    fireEvent.change(within(third as HTMLElement).getByLabelText('Full name (as in the passport)'), {
      target: { value: 'Meera Sharma' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Remove member 2' }));
    expect(members()).toHaveLength(2);
    expect(within(members()[1] as HTMLElement).getByLabelText('Full name (as in the passport)')).toHaveProperty(
      'value',
      'Meera Sharma',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Remove member 2' }));
    expect(members()).toHaveLength(1);
    expect(screen.queryByRole('button', { name: /Remove/ })).toBeNull();
  });

  it('does not tell off a member just added; checks a field when it is left, and again as it is corrected', async () => {
    render(<Harness onValid={() => {}} />);
    fireEvent.blur(field(0, 'Date of birth'));
    fireEvent.click(addButton());
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(document.querySelectorAll('[aria-invalid="true"]')).toHaveLength(0);

    const name = field(1, 'Full name (as in the passport)');
    fireEvent.change(name, { target: { value: 'Al' } });
    fireEvent.blur(name);
    await waitFor(() => expect(name.getAttribute('aria-invalid')).toBe('true'));
    fireEvent.change(name, { target: { value: 'Ali Khan' } });
    await waitFor(() => expect(name.getAttribute('aria-invalid')).toBe('false'));
  });

  it('checks every member with the domain rules and ties each message to its field', async () => {
    const onValid = vi.fn();
    render(<Harness onValid={onValid} />);
    fireEvent.click(addButton());
    const second = members()[1] as HTMLElement;
    fireEvent.change(within(second).getByLabelText('Full name (as in the passport)'), { target: { value: 'A1' } });
    fireEvent.change(within(second).getByLabelText('Relationship to you'), { target: { value: 'Self' } });
    fireEvent.change(within(second).getByLabelText('Date of birth'), { target: { value: '2030-01-01' } });
    fireEvent.click(screen.getByRole('button', { name: 'Start' }));

    const first = members()[0] as HTMLElement;
    const firstDob = within(first).getByLabelText('Date of birth');
    await waitFor(() => expect(firstDob.getAttribute('aria-invalid')).toBe('true'));
    const described = (input: HTMLElement) =>
      document.getElementById(input.getAttribute('aria-describedby') ?? '')?.textContent;
    expect(described(firstDob)).toBe(MEMBER_MESSAGES.dateOfBirthRequired);
    expect(described(within(second).getByLabelText('Full name (as in the passport)'))).toBe(
      'Name should be at least 3 characters',
    );
    expect(described(within(second).getByLabelText('Date of birth'))).toBe(MEMBER_MESSAGES.dateOfBirthInFuture);
    expect(described(within(second).getByLabelText('Relationship to you'))).toBe(MEMBER_MESSAGES.oneSelf);
    expect(onValid).not.toHaveBeenCalled();
    expect(document.activeElement, 'the first problem has the focus').toBe(firstDob);
  });

  it('says at the name when the same person is entered twice, before the order is made and charged', async () => {
    const onValid = vi.fn();
    render(<Harness onValid={onValid} />);
    const fill = (index: number, relationship: string) => {
      const member = members()[index] as HTMLElement;
      fireEvent.change(within(member).getByLabelText('Full name (as in the passport)'), {
        target: { value: 'Meera Iyer' },
      });
      fireEvent.change(within(member).getByLabelText('Date of birth'), { target: { value: '1985-04-12' } });
      fireEvent.change(within(member).getByLabelText('Relationship to you'), { target: { value: relationship } });
    };
    fill(0, 'Self');
    fireEvent.click(addButton());
    fill(1, 'Spouse');
    fireEvent.click(screen.getByRole('button', { name: 'Start' }));
    const name = within(members()[1] as HTMLElement).getByLabelText('Full name (as in the passport)');
    await waitFor(() => expect(name.getAttribute('aria-invalid')).toBe('true'));
    expect(document.getElementById(name.getAttribute('aria-describedby') ?? '')?.textContent).toBe(
      MEMBER_MESSAGES.sameMember('Meera Iyer'),
    );
    expect(onValid).not.toHaveBeenCalled();
  });
});

function renderMemberForm(onSave: () => Promise<void>) {
  render(
    <MemberForm
      today={TODAY}
      defaultValues={{ fullName: 'Dev Sharma', dateOfBirth: '2015-05-05', relationship: 'Child' }}
      legend="Add a member"
      saveLabel="Add member"
      onSave={onSave}
      onCancel={() => {}}
    />,
  );
  fireEvent.click(screen.getByRole('button', { name: 'Add member' }));
}

describe('MemberForm', () => {
  it('puts the server’s field messages on the fields and keeps what was typed', async () => {
    const { ApiError } = await import('../../../lib/api-client.ts');
    const kindMessage = MEMBER_MESSAGES.kindMismatch('Minor', '2015-05-05');
    const onSave = vi.fn(async () => {
      throw new ApiError(400, { message: kindMessage, errors: { kind: kindMessage } }, kindMessage);
    });
    renderMemberForm(onSave);
    const dob = screen.getByLabelText('Date of birth');
    await waitFor(() => expect(dob.getAttribute('aria-invalid')).toBe('true'));
    expect(onSave).toHaveBeenCalledWith({
      fullName: 'Dev Sharma',
      dateOfBirth: '2015-05-05',
      relationship: 'Child',
      kind: 'Minor',
    });
    expect(document.getElementById(dob.getAttribute('aria-describedby') ?? '')?.textContent).toBe(kindMessage);
    expect(screen.getByLabelText('Full name (as in the passport)')).toHaveProperty('value', 'Dev Sharma');
  });

  it('says a refusal that names no field above the buttons', async () => {
    const { ApiError } = await import('../../../lib/api-client.ts');
    const onSave = vi.fn(async () => {
      throw new ApiError(409, { message: MEMBER_MESSAGES.locked }, MEMBER_MESSAGES.locked);
    });
    renderMemberForm(onSave);
    expect((await screen.findByRole('alert')).textContent).toBe(MEMBER_MESSAGES.locked);
  });

  it('says, editing a child, that a date of birth 18 or more years back makes them an adult with an adult’s form', async () => {
    render(
      <MemberForm
        today={TODAY}
        defaultValues={{ fullName: 'Anaya Sharma', dateOfBirth: '2016-01-15', relationship: 'Child' }}
        legend="Edit Anaya Sharma"
        saveLabel="Save changes"
        kindBefore="Minor"
        onSave={async () => {}}
        onCancel={() => {}}
      />,
    );
    const said = () => screen.getByRole('status').textContent;
    expect(said()).toBe('');
    fireEvent.change(screen.getByLabelText('Date of birth'), { target: { value: '2000-01-15' } });
    await waitFor(() => expect(said()).toBe(MEMBER_MESSAGES.kindWillChange('Adult')));
    expect(said()).toContain('18 or over and apply as an Adult');
    fireEvent.change(screen.getByLabelText('Date of birth'), { target: { value: '2016-01-16' } });
    await waitFor(() => expect(said()).toBe(''));
  });
});
