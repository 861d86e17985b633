// @vitest-environment jsdom
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { PHOTO_ORDER_MESSAGES as M } from '../../../../domain/photos/orders.ts';
import { cleanupAfterEach, fakeApi, installBrowserStubs, ok } from '../../../testing/dom.tsx';
import { DeliveryStep } from './delivery-step.tsx';
import { photoItem, photoOrderAt, renderStep } from './testing.tsx';
import { DELIVERY_TEXT } from './text.ts';

const item = photoItem;

beforeAll(installBrowserStubs);
cleanupAfterEach();

const ORDER = photoOrderAt(3, { totalCents: 1298, items: [item(1, 'oci-photo')] });

/** A saved address as the address book answers it. */
const address = (id: number, fullName: string, isDefault = false) => ({
  id,
  type: 'home',
  fullName,
  addressLine: `${id} Elm St`,
  city: 'Edison',
  country: 'US',
  state: 'NJ',
  postalCode: '08817',
  phone: null,
  phoneCountry: null,
  additionalInfo: null,
  isDefault,
});

describe('the delivery step (step 3)', () => {
  it('has nothing to deliver for a Digital Copy: it says so and moves on', async () => {
    const { goTo } = renderStep(DeliveryStep, ORDER);
    expect(await screen.findByText(DELIVERY_TEXT.digital({ printed: 1, filesOnly: 0 }))).toBeTruthy();
    expect(DELIVERY_TEXT.digital({ printed: 1, filesOnly: 0 })).toContain('the print sheet are downloads');
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(goTo).toHaveBeenLastCalledWith(4);
    fireEvent.click(screen.getByRole('button', { name: 'Back' }));
    expect(goTo).toHaveBeenLastCalledWith(2);
  });

  it('names no print sheet for an order whose sizes are all files only, and one per printed size otherwise', async () => {
    const filesOnly = renderStep(DeliveryStep, { ...ORDER, items: [item(1, 'oci-signature'), item(2, 'in-evisa')] });
    const said = await screen.findByText(DELIVERY_TEXT.digital({ printed: 0, filesOnly: 2 }));
    expect(said.textContent).not.toMatch(/print sheet/);
    expect(said.textContent).toMatch(/files only/);
    filesOnly.unmount();

    renderStep(DeliveryStep, { ...ORDER, items: [item(1, 'oci-photo'), item(2, 'oci-signature'), item(3, 'us-2x2')] });
    const mixed = await screen.findByText(DELIVERY_TEXT.digital({ printed: 2, filesOnly: 1 }));
    expect(mixed.textContent).toContain('the print sheets of the printed sizes');
  });

  it('refuses a pickup pin code that is not 5 digits, then saves the pickup and goes to step 4', async () => {
    const pickup = { ...ORDER, options: ['pickup' as const], deliveryMethod: 'pickup' as const };
    const api = fakeApi({
      'PUT /api/v1/photo-orders/PHO-1001/delivery': () => ok(pickup),
      'PUT /api/v1/photo-orders/PHO-1001/step': () => ok({ ...pickup, step: 4 }),
    });
    renderStep(DeliveryStep, pickup);
    const pin = await screen.findByLabelText(new RegExp(`^${DELIVERY_TEXT.pinCode}`));
    fireEvent.change(pin, { target: { value: '94' } });
    fireEvent.change(screen.getByLabelText(new RegExp(`^${DELIVERY_TEXT.addressLine}`)), {
      target: { value: '1 Market St, San Francisco' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText(M.pinCodeInvalid)).toBeTruthy();
    expect(api.calls).toEqual([]);

    fireEvent.change(pin, { target: { value: '94105' } });
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(api.calls.map((c) => c.path.split('/').at(-1))).toEqual(['delivery', 'step']));
    expect(api.calls[0]?.body).toMatchObject({
      method: 'pickup',
      serviceType: 'WALGREENS',
      pinCode: '94105',
      addressLine: '1 Market St, San Francisco',
    });
    expect(api.calls[1]?.body).toEqual({ step: 4 });
  });

  it('keeps a first home address as typed when the parent steps away, and saving it goes on to review', async () => {
    const home = { ...ORDER, pricingPlanId: 2 as const, deliveryMethod: 'home' as const };
    const saved = { ...address(41, 'Asha Rao', true), addressLine: '12 Elm St' };
    const api = fakeApi({
      'GET /api/v1/photo-orders/addresses': () => ok({ results: [], totalCount: 0, page: 1, limit: 100 }),
      'POST /api/v1/users/addresses': () => ok(saved, 'Address saved', 201),
      'PUT /api/v1/photo-orders/PHO-1001/delivery': () => ok(home),
      'PUT /api/v1/photo-orders/PHO-1001/step': () => ok({ ...home, step: 4 }),
    });
    const first = renderStep(DeliveryStep, home);
    fireEvent.change(await screen.findByLabelText(/^Full Name/), { target: { value: 'Asha Rao' } });
    fireEvent.change(screen.getByLabelText(/^Address/), { target: { value: '12 Elm St' } });
    fireEvent.change(screen.getByLabelText(/^City/), { target: { value: 'Edison' } });
    // The step left (the stepper's "Plan") and come back to: what was typed is still there.
    first.unmount();
    renderStep(DeliveryStep, home);
    expect(((await screen.findByLabelText(/^Full Name/)) as HTMLInputElement).value).toBe('Asha Rao');
    expect((screen.getByLabelText(/^Address/) as HTMLInputElement).value).toBe('12 Elm St');
    fireEvent.change(screen.getByLabelText(/^ZIP code/), { target: { value: '08817' } });
    fireEvent.change(screen.getByLabelText(/^State/), { target: { value: 'NJ' } });

    fireEvent.click(screen.getByRole('button', { name: DELIVERY_TEXT.saveAndContinue }));
    await waitFor(() =>
      expect(api.calls.filter((c) => c.method !== 'GET').map((c) => `${c.method} ${c.path}`)).toEqual([
        'POST /api/v1/users/addresses',
        'PUT /api/v1/photo-orders/PHO-1001/delivery',
        'PUT /api/v1/photo-orders/PHO-1001/step',
      ]),
    );
    expect(api.calls.find((c) => c.path.endsWith('/delivery'))?.body).toEqual({ method: 'home', addressId: 41 });
    // Saved: the draft is gone.
    expect(sessionStorage.getItem('sevaphotos-home-address:PHO-1001')).toBeNull();
  });

  it('after saving a new address, shows it chosen with Deliver here, and puts the focus on it (not left on the footer)', async () => {
    const home = { ...ORDER, pricingPlanId: 2 as const, deliveryMethod: 'home' as const };
    const book = [address(41, 'Asha Rao', true), address(42, 'Ravi Rao')];
    const added = address(43, 'Meera Rao');
    fakeApi({
      'GET /api/v1/photo-orders/addresses': () => ok({ results: book, totalCount: book.length, page: 1, limit: 100 }),
      'POST /api/v1/users/addresses': () => {
        book.push(added);
        return ok(added, 'Address saved', 201);
      },
    });
    renderStep(DeliveryStep, home);
    fireEvent.click(await screen.findByRole('button', { name: DELIVERY_TEXT.addAddress }));
    fireEvent.change(await screen.findByLabelText(/^Full Name/), { target: { value: 'Meera Rao' } });
    fireEvent.change(screen.getByLabelText(/^Address/), { target: { value: '43 Elm St' } });
    fireEvent.change(screen.getByLabelText(/^City/), { target: { value: 'Edison' } });
    fireEvent.change(screen.getByLabelText(/^ZIP code/), { target: { value: '08817' } });
    fireEvent.change(screen.getByLabelText(/^State/), { target: { value: 'NJ' } });
    const scrolled = vi.spyOn(Element.prototype, 'scrollIntoView');
    fireEvent.click(screen.getByRole('button', { name: /^Save/ }));

    const chosen = await screen.findByRole('radio', { name: /Meera Rao/ });
    await waitFor(() => expect(document.activeElement).toBe(chosen));
    expect((chosen as HTMLInputElement).checked).toBe(true);
    // Deliver here brought to the bottom of the screen, the saved address above it.
    const deliverHere = screen.getByRole('button', { name: DELIVERY_TEXT.useAddress });
    const targets = scrolled.mock.contexts;
    expect(targets).toContain(deliverHere);
    expect(targets.at(-1)).toBe(chosen.closest('li'));
    expect(scrolled.mock.calls[targets.indexOf(deliverHere)]?.[0]).toEqual({ block: 'end' });
    scrolled.mockRestore();
  });

  it('puts the focus back on Add a new address when the form is cancelled', async () => {
    const home = { ...ORDER, pricingPlanId: 2 as const, deliveryMethod: 'home' as const };
    fakeApi({
      'GET /api/v1/photo-orders/addresses': () =>
        ok({ results: [address(41, 'Asha Rao', true)], totalCount: 1, page: 1, limit: 100 }),
    });
    renderStep(DeliveryStep, home);
    fireEvent.click(await screen.findByRole('button', { name: DELIVERY_TEXT.addAddress }));
    fireEvent.click(await screen.findByRole('button', { name: 'Cancel' }));
    const add = await screen.findByRole('button', { name: DELIVERY_TEXT.addAddress });
    await waitFor(() => expect(document.activeElement).toBe(add));
  });
});
