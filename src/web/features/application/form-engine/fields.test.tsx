// @vitest-environment jsdom
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createRef } from 'react';
import { beforeAll, describe, expect, it } from 'vitest';
import type { FormDefinition, FormField } from '../../../../domain/forms/definition.ts';
import { cleanupAfterEach, fakeApi, installBrowserStubs } from '../../../testing/dom.tsx';
import { FormEngine, type FormEngineHandle } from './form-engine.tsx';

beforeAll(installBrowserStubs);
cleanupAfterEach();

const TODAY = '2026-11-30';

/** One step, one section holding `fields`; returns the engine's handle to read the answers. */
function renderFields(fields: FormField[], defaultValues: Record<string, unknown> = {}) {
  fakeApi({});
  const definition: FormDefinition = {
    format: 1,
    id: 'test/fields',
    version: 1,
    title: 'Fields',
    steps: [{ key: 'only', title: 'Questions', sections: [{ key: 'main', title: 'Main', fields }] }],
  };
  const handle = createRef<FormEngineHandle>();
  render(
    <FormEngine definition={definition} memberKind="Adult" today={TODAY} defaultValues={defaultValues} ref={handle} />,
  );
  return {
    values: () => handle.current?.getValues() ?? {},
    submit: () => fireEvent.click(screen.getByRole('button', { name: 'Review answers' })),
  };
}

async function messageOf(control: HTMLElement): Promise<string> {
  await waitFor(() => expect(control.getAttribute('aria-invalid')).toBe('true'));
  const ids = (control.getAttribute('aria-describedby') ?? '').split(' ');
  const error = ids.map((id) => document.getElementById(id)).find((el) => el?.getAttribute('role') === 'alert');
  return error?.textContent ?? '';
}

const options = [
  { value: 'single', label: 'Single' },
  { value: 'married', label: 'Married', description: 'A registered marriage' },
];

describe('text fields', () => {
  it('text: labelled, help tied to it, transforms applied as it is left', async () => {
    const { values } = renderFields([
      {
        type: 'text',
        key: 'surname',
        label: 'Surname',
        help: 'As in your passport',
        transforms: ['trim', 'uppercase'],
      },
    ]);
    const input = screen.getByLabelText(/Surname/);
    expect(document.getElementById(input.getAttribute('aria-describedby') ?? '')?.textContent).toBe(
      'As in your passport',
    );
    fireEvent.change(input, { target: { value: ' sharma ' } });
    fireEvent.blur(input);
    await waitFor(() => expect((input as HTMLInputElement).value).toBe('SHARMA'));
    expect(values().surname).toBe('SHARMA');
    expect(input.getAttribute('maxlength')).toBe('200');
  });

  it('short answer: its pattern’s message', async () => {
    renderFields([
      {
        type: 'short answer',
        key: 'zip',
        label: 'ZIP code',
        rules: { matches: { pattern: '^\\d{5}$', message: 'Enter a 5-digit ZIP code' } },
      },
    ]);
    const input = screen.getByLabelText(/ZIP code/);
    fireEvent.change(input, { target: { value: '941' } });
    fireEvent.blur(input);
    expect(await messageOf(input)).toBe('Enter a 5-digit ZIP code');
  });

  it('the address block’s answers name their autofill token, so the browser fills the family’s address', () => {
    renderFields([
      { type: 'text', key: 'addressLine1', label: 'Street address' },
      { type: 'short answer', key: 'zipCode', label: 'ZIP code' },
      { type: 'dropdown', key: 'usState', label: 'State', options: [{ value: 'CA', label: 'California' }] },
      { type: 'text', key: 'fatherName', label: 'Father’s name' },
    ]);
    expect(screen.getByLabelText(/Street address/).getAttribute('autocomplete')).toBe('address-line1');
    expect(screen.getByLabelText(/ZIP code/).getAttribute('autocomplete')).toBe('postal-code');
    expect(screen.getByLabelText(/State/).getAttribute('autocomplete')).toBe('address-level1');
    expect(screen.getByLabelText(/Father’s name/).getAttribute('autocomplete')).toBeNull();
  });

  it('paragraph: a text area with a character count', () => {
    renderFields([{ type: 'paragraph', key: 'details', label: 'Details', rules: { max: 300 } }]);
    const area = screen.getByLabelText(/Details/);
    expect(area.tagName).toBe('TEXTAREA');
    fireEvent.change(area, { target: { value: 'Lost on a train' } });
    expect(screen.getByText('15 / 300')).toBeTruthy();
  });

  it('unique ID: read without spaces and hyphens', async () => {
    const { values } = renderFields([
      { type: 'unique ID', key: 'passportNumber', label: 'Passport number', transforms: ['uppercase'] },
    ]);
    const input = screen.getByLabelText(/Passport number/);
    expect(input.getAttribute('autocapitalize')).toBe('characters');
    fireEvent.change(input, { target: { value: 'z 123-4567' } });
    fireEvent.blur(input);
    await waitFor(() => expect(values().passportNumber).toBe('Z1234567'));
  });

  it('email: the spec’s message', async () => {
    renderFields([{ type: 'email', key: 'email', label: 'Email' }]);
    const input = screen.getByLabelText(/Email/);
    expect(input.getAttribute('type')).toBe('email');
    fireEvent.change(input, { target: { value: 'priya@example' } });
    fireEvent.blur(input);
    expect(await messageOf(input)).toBe('Please enter a valid email address');
  });

  it('password: hidden, with a show/hide button, copy and paste blocked', () => {
    renderFields([{ type: 'password', key: 'portalPassword', label: 'Portal password' }]);
    const input = screen.getByLabelText(/Portal password/);
    expect(input.getAttribute('type')).toBe('password');
    fireEvent.click(screen.getByRole('button', { name: 'Show password' }));
    expect(input.getAttribute('type')).toBe('text');
    expect(fireEvent.paste(input)).toBe(false);
  });

  it('number: typed text becomes a number; other text gets the number message', async () => {
    const { values } = renderFields([
      { type: 'number', key: 'trips', label: 'Trips', unit: 'trips', rules: { max: 10 } },
    ]);
    const input = screen.getByLabelText(/Trips/);
    fireEvent.change(input, { target: { value: '3' } });
    expect(values().trips).toBe(3);
    fireEvent.change(input, { target: { value: 'three' } });
    fireEvent.blur(input);
    expect(await messageOf(input)).toBe('Trips must be a number');
    fireEvent.change(input, { target: { value: '11' } });
    await waitFor(() => expect(document.body.textContent).toContain('Trips must be at most 10'));
  });

  it('currency: an amount typed with commas is stored in cents, shown with its symbol', () => {
    const { values } = renderFields([{ type: 'currency', key: 'value', label: 'Property value', currency: 'INR' }], {});
    const input = screen.getByLabelText(/Property value/);
    fireEvent.change(input, { target: { value: '1,250.50' } });
    expect(values().value).toBe(125_050);
    expect(screen.getByText('₹')).toBeTruthy();
    expect(screen.getByText('INR')).toBeTruthy();
  });

  it('currency: a saved amount shows in major units, and can be cleared', async () => {
    const { values } = renderFields([{ type: 'currency', key: 'value', label: 'Fee' }], { value: 4_250 });
    const input = screen.getByLabelText(/Fee/) as HTMLInputElement;
    expect(input.value).toBe('42.50');
    fireEvent.change(input, { target: { value: '' } });
    await waitFor(() => expect(input.value).toBe(''));
    expect(values().value).toBeNull();
  });
});

describe('date and time', () => {
  it('date: the browser’s picker bounded by SPEC.md §5 (2000-01-01 to today), with the message past them', async () => {
    renderFields([{ type: 'date', key: 'issued', label: 'Date of issue' }]);
    const input = screen.getByLabelText(/Date of issue/);
    expect(input.getAttribute('type')).toBe('date');
    expect(input.getAttribute('min')).toBe('2000-01-01');
    expect(input.getAttribute('max')).toBe(TODAY);
    fireEvent.change(input, { target: { value: '1999-12-31' } });
    fireEvent.blur(input);
    expect(await messageOf(input)).toBe('Date of issue must be on or after January 1, 2000');
  });

  it('date: relative bounds resolve on today', () => {
    renderFields([{ type: 'date', key: 'arrival', label: 'Arrival', rules: { min: 'today+4', max: 'today+30' } }]);
    const input = screen.getByLabelText(/Arrival/);
    expect([input.getAttribute('min'), input.getAttribute('max')]).toEqual(['2026-12-04', '2026-12-30']);
  });

  it('time: a time input with its bounds', () => {
    const { values } = renderFields([
      { type: 'time', key: 't', label: 'Preferred time', rules: { min: '09:00', max: '12:30' } },
    ]);
    const input = screen.getByLabelText(/Preferred time/);
    expect([input.getAttribute('type'), input.getAttribute('min'), input.getAttribute('max')]).toEqual([
      'time',
      '09:00',
      '12:30',
    ]);
    fireEvent.change(input, { target: { value: '10:15' } });
    expect(values().t).toBe('10:15');
  });
});

describe('choices', () => {
  it('select and dropdown: a list box with a placeholder', () => {
    const { values } = renderFields([
      { type: 'select', key: 'marital', label: 'Marital status', options },
      { type: 'dropdown', key: 'state', label: 'State', options },
    ]);
    const select = screen.getByLabelText(/Marital status/) as HTMLSelectElement;
    expect([...select.options].map((o) => o.text)).toEqual(['Choose…', 'Single', 'Married']);
    fireEvent.change(select, { target: { value: 'married' } });
    expect(values().marital).toBe('married');
    expect(screen.getByLabelText(/State/).tagName).toBe('SELECT');
  });

  it('country dropdown: India, the USA and Canada first, then A to Z; narrowed by its list', () => {
    renderFields([
      { type: 'country dropdown', key: 'birthCountry', label: 'Country of birth' },
      { type: 'country dropdown', key: 'addressCountry', label: 'Country of address', countries: ['CA', 'US'] },
    ]);
    const all = [...(screen.getByLabelText(/Country of birth/) as HTMLSelectElement).options].map((o) => o.text);
    expect(all.slice(0, 5)).toEqual(['Choose…', 'India', 'United States', 'Canada', 'Afghanistan']);
    expect(all).toHaveLength(250);
    const two = [...(screen.getByLabelText(/Country of address/) as HTMLSelectElement).options].map((o) => o.value);
    expect(two).toEqual(['', 'US', 'CA']);
  });

  it('occupation dropdown: the official forms’ occupations', () => {
    renderFields([{ type: 'occupation dropdown', key: 'occupation', label: 'Occupation' }]);
    const list = [...(screen.getByLabelText(/Occupation/) as HTMLSelectElement).options].map((o) => o.text);
    expect(list).toContain('IT or software professional');
    expect(list).toContain('Homemaker');
  });

  it('radio and multiple choice: a fieldset whose legend is the question; cards show descriptions', () => {
    const { values } = renderFields([
      { type: 'radio', key: 'sex', label: 'Sex', required: true, options },
      { type: 'multiple choice', key: 'route', label: 'Route', options },
    ]);
    const group = screen.getByRole('group', { name: 'Sex' });
    fireEvent.click(within(group).getByRole('radio', { name: 'Married' }));
    expect(values().sex).toBe('married');
    const cards = screen.getByRole('group', { name: /Route/ });
    expect(within(cards).getByText('A registered marriage')).toBeTruthy();
  });

  it('checkboxes: the ticked options, in the options’ order, and the required message on the group', async () => {
    const { values, submit } = renderFields([
      {
        type: 'checkboxes',
        key: 'purpose',
        label: 'Purpose',
        required: true,
        options: [
          { value: 'a', label: 'Sightseeing' },
          { value: 'b', label: 'Family' },
        ],
      },
    ]);
    submit();
    const group = screen.getByRole('group', { name: /Purpose/ });
    await waitFor(() => expect(group.getAttribute('aria-invalid')).toBe('true'));
    expect(screen.getByRole('alert').textContent).toBe('Purpose is required');
    fireEvent.click(screen.getByRole('checkbox', { name: 'Family' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Sightseeing' }));
    expect(values().purpose).toEqual(['a', 'b']);
    fireEvent.click(screen.getByRole('checkbox', { name: 'Family' }));
    expect(values().purpose).toEqual(['a']);
    // A ticked option answers the group: its message goes once the form has checked it again.
    await waitFor(() => expect(screen.queryByRole('alert')).toBeNull());
    expect(group.getAttribute('aria-invalid')).not.toBe('true');
  });

  it('rating: stars as radio buttons named by their count', () => {
    const { values } = renderFields([{ type: 'rating', key: 'rating', label: 'Your experience' }]);
    const group = screen.getByRole('group', { name: /Your experience/ });
    expect(within(group).getAllByRole('radio')).toHaveLength(5);
    fireEvent.click(within(group).getByRole('radio', { name: '4 stars' }));
    expect(values().rating).toBe(4);
    expect(screen.getByText('4 of 5')).toBeTruthy();
  });

  it('range: a slider that reads its value and unit, unanswered until moved', () => {
    const { values } = renderFields([
      { type: 'range', key: 'stay', label: 'Length of stay', rules: { min: 1, max: 180 }, unit: 'days' },
    ]);
    const slider = screen.getByRole('slider', { name: /Length of stay/ });
    expect(slider.getAttribute('aria-valuetext')).toBe('Not chosen yet');
    expect(values().stay).toBeUndefined();
    fireEvent.change(slider, { target: { value: '30' } });
    expect(values().stay).toBe(30);
    expect(slider.getAttribute('aria-valuetext')).toBe('30 days');
  });
});

describe('phone and description', () => {
  it('phone: the dial code and the number, stored as +code-number', async () => {
    const { values } = renderFields([{ type: 'phone', key: 'mobile', label: 'Mobile number', defaultCountry: 'US' }]);
    const number = screen.getByLabelText(/Mobile number/);
    fireEvent.change(number, { target: { value: '415 555 0123' } });
    expect(values().mobile).toBe('+1-4155550123');
    fireEvent.change(number, { target: { value: '' } });
    expect(values().mobile).toBe('');
    fireEvent.change(number, { target: { value: '123' } });
    fireEvent.blur(number);
    expect(await messageOf(number)).toBe('Enter valid phone number');
  });

  it('phone: a saved number shows split', () => {
    renderFields([{ type: 'phone', key: 'mobile', label: 'Mobile number' }], { mobile: '+91-9876543210' });
    expect((screen.getByLabelText(/Mobile number/) as HTMLInputElement).value).toBe('9876543210');
    expect(screen.getByRole('button', { name: /\+91/ })).toBeTruthy();
  });

  it('description: text between the questions, no control', () => {
    renderFields([
      {
        type: 'description',
        key: 'note',
        label: 'Before you start',
        text: 'Keep your passport at hand.\n\nIt takes 15 minutes.',
      },
      { type: 'text', key: 'x', label: 'X' },
    ]);
    expect(screen.getByText('Before you start')).toBeTruthy();
    expect(screen.getByText('It takes 15 minutes.')).toBeTruthy();
  });
});
