// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import type { AdminPrice } from '../../../domain/admin/catalog.ts';
import { cleanupAfterEach, fail, fakeApi, installBrowserStubs, ok, renderWithRouter } from '../../testing/dom.tsx';
import { FaqForm, PriceForm, StepForm, TimelineForm } from './catalog-forms.tsx';

beforeAll(installBrowserStubs);
cleanupAfterEach();

const PRICE: AdminPrice = {
  id: 7,
  applyingFrom: 'US',
  citizenship: null,
  destination: null,
  currency: 'USD',
  governmentFeeCents: 27500,
  mandatoryFees: [
    { label: 'ICWF', amountCents: 300 },
    { label: 'VFS Global service fee', amountCents: 1590 },
  ],
  serviceFeeCents: 7900,
  compareAtServiceFeeCents: null,
  isEstimate: false,
};

const field = (label: string) => screen.getByLabelText(new RegExp(`^${label}`)) as HTMLInputElement;
const save = () => fireEvent.click(screen.getByRole('button', { name: 'Save price' }));

describe('the price form of /admin/catalog/:id', () => {
  it('shows the fees apart in the currency, as amounts', async () => {
    renderWithRouter(<PriceForm price={PRICE} />);
    expect((await screen.findByLabelText('Government fee (USD)')).getAttribute('value')).toBe('275.00');
    expect(field('Our fee \\(USD\\)').value).toBe('79.00');
    expect(field('Fee 1 name').value).toBe('ICWF');
    expect(field('Fee 2 amount').value).toBe('15.90');
    expect(field('Fee 3 name').value).toBe('');
    expect(screen.getByRole('form', { name: 'Price applying from US (USD)' })).toBeTruthy();
  });

  it('refuses an amount that is not one, under its field, focused, without calling the API', async () => {
    const api = fakeApi({});
    renderWithRouter(<PriceForm price={PRICE} />);
    const ours = await screen.findByLabelText('Our fee (USD)');
    fireEvent.change(ours, { target: { value: '79,5x' } });
    save();
    const message = await screen.findByText('Enter an amount like 15.90', { selector: 'p' });
    expect(ours.getAttribute('aria-invalid')).toBe('true');
    expect(ours.getAttribute('aria-describedby')).toContain(message.id);
    await waitFor(() => expect(document.activeElement).toBe(ours));
    expect(api.calls).toHaveLength(0);
  });

  it('sends cents, drops a cleared fee line, and shows the server refusal under its field', async () => {
    const refusal = 'The former fee must be higher than the service fee to be shown struck through.';
    const bodies: unknown[] = [];
    fakeApi({
      'PATCH /api/v1/admin/catalog/prices/7': (call) => {
        bodies.push(call.body);
        return bodies.length === 1
          ? ok({ changed: ['serviceFeeCents'] }, 'Saved')
          : fail(400, refusal, { compareAtServiceFeeCents: refusal });
      },
    });
    renderWithRouter(<PriceForm price={PRICE} />);
    fireEvent.change(await screen.findByLabelText('Our fee (USD)'), { target: { value: '89' } });
    fireEvent.change(field('Fee 1 name'), { target: { value: '' } });
    fireEvent.change(field('Fee 1 amount'), { target: { value: '' } });
    save();
    expect(await screen.findByText('Saved')).toBeTruthy();
    expect(bodies[0]).toEqual({
      governmentFeeCents: 27500,
      mandatoryFees: [{ label: 'VFS Global service fee', amountCents: 1590 }],
      serviceFeeCents: 8900,
      compareAtServiceFeeCents: null,
      isEstimate: false,
    });

    fireEvent.change(field('Former fee, struck through'), { target: { value: '50' } });
    save();
    const message = await screen.findByText(refusal, { selector: 'p' });
    expect(field('Former fee, struck through').getAttribute('aria-describedby')).toContain(message.id);
  });
});

describe('the step, timeline and FAQ forms (one entry form)', () => {
  it('sends every field of the entry, switches as true or false', async () => {
    const bodies: unknown[] = [];
    fakeApi({
      'PATCH /api/v1/admin/catalog/faqs/4': (call) => {
        bodies.push(call.body);
        return ok({ changed: ['answer'] }, 'Saved');
      },
    });
    renderWithRouter(<FaqForm faq={{ id: 4, position: 1, question: 'How long?', answer: 'Weeks', isActive: true }} />);
    const form = await screen.findByRole('form', { name: 'FAQ: How long?' });
    fireEvent.change(within(form).getByLabelText(/^Answer/), { target: { value: 'Six to eight weeks' } });
    fireEvent.click(within(form).getByLabelText('Shown on the site'));
    fireEvent.click(within(form).getByRole('button', { name: 'Save FAQ' }));
    expect(await within(form).findByText('Saved')).toBeTruthy();
    expect(bodies[0]).toEqual({ question: 'How long?', answer: 'Six to eight weeks', isActive: false });
  });

  it('refuses an empty field under it with the schema message, without calling the API', async () => {
    const api = fakeApi({});
    renderWithRouter(
      <TimelineForm entry={{ id: 2, position: 1, title: 'Review', description: 'We check', duration: 'Day 1' }} />,
    );
    const when = await screen.findByLabelText(/^When/);
    expect(screen.getByText('e.g. Day 1, Weeks 2–6')).toBeTruthy();
    fireEvent.change(when, { target: { value: ' ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save timeline entry' }));
    expect(await screen.findByText('Enter the duration', { selector: 'p' })).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(when));
    expect(api.calls).toHaveLength(0);
    renderWithRouter(
      <StepForm step={{ id: 3, packageId: null, kind: 'step', position: 2, title: 'Apply', description: 'Fill it' }} />,
    );
    expect(await screen.findByRole('form', { name: 'Step 2: Apply' })).toBeTruthy();
  });
});
