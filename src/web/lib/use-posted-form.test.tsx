// @vitest-environment jsdom
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, Form, RouterProvider, useActionData } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import type { FormRejection } from './form-values.ts';
import { formAlertId, usePostedForm } from './use-posted-form.ts';

type Answer = FormRejection<'name'> | { ok: true };

function Enquiry() {
  const result = useActionData<Answer>();
  const { sending, errors, values } = usePostedForm('enquiry', result);
  return (
    <Form id="enquiry" method="post">
      <label htmlFor="name">Name</label>
      <input id="name" name="name" defaultValue={values?.name} aria-invalid={errors.name ? true : undefined} />
      <button type="submit">{sending ? 'Sending…' : 'Send'}</button>
    </Form>
  );
}

let answer: (value: Answer) => void = () => {};

function renderAt(url: string) {
  const router = createMemoryRouter(
    [{ path: '/contact', Component: Enquiry, action: () => new Promise<Answer>((resolve) => (answer = resolve)) }],
    { initialEntries: [url] },
  );
  render(<RouterProvider router={router} />);
}

afterEach(() => {
  document.body.innerHTML = '';
});

describe('usePostedForm', () => {
  it('says "sending" while its own post is under way, also when the page has a query string', async () => {
    renderAt('/contact?ref=newsletter');
    fireEvent.click(await screen.findByRole('button', { name: 'Send' }));
    await screen.findByRole('button', { name: 'Sending…' });
    await act(async () => answer({ ok: true }));
    await screen.findByRole('button', { name: 'Send' });
  });

  it('moves focus to the first field in error when a post is refused', async () => {
    renderAt('/contact');
    fireEvent.click(await screen.findByRole('button', { name: 'Send' }));
    await act(async () =>
      answer({ ok: false, message: 'Please fix the errors', errors: { name: 'Too short' }, values: { name: 'A' } }),
    );
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText('Name')));
    expect(screen.getByLabelText('Name').getAttribute('aria-invalid')).toBe('true');
    expect(formAlertId('enquiry')).toBe('enquiry-alert');
  });
});
