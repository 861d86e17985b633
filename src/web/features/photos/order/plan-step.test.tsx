// @vitest-environment jsdom
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { PHOTO_ORDER_MESSAGES as M, type PhotoOrder } from '../../../../domain/photos/orders.ts';
import {
  PHOTO_OPTION_DESCRIPTIONS,
  PHOTO_OPTION_LABELS,
  PHOTO_OPTION_UNITS,
  PHOTO_OPTIONS,
  PHOTO_PLAN_DESCRIPTIONS,
  PHOTO_PLAN_IDS,
  PHOTO_PLAN_LABELS,
  PHOTO_PRICES,
} from '../../../../domain/photos/pricing.ts';
import { PHOTO_SIZES } from '../../../../domain/photos/sizes.ts';
import type { PhotoPlans } from '../../../lib/photo-api.ts';
import { cleanupAfterEach, fakeApi, installBrowserStubs, ok } from '../../../testing/dom.tsx';
import { PlanStep } from './plan-step.tsx';
import { photoItem, photoOrderAt, renderStep } from './testing.tsx';
import { PLAN_TEXT } from './text.ts';

const item = photoItem;

beforeAll(installBrowserStubs);
cleanupAfterEach();

const PLANS: PhotoPlans = {
  currency: 'USD',
  plans: PHOTO_PLAN_IDS.map((id) => ({
    id,
    label: PHOTO_PLAN_LABELS[id],
    description: PHOTO_PLAN_DESCRIPTIONS[id],
    unitCents: PHOTO_PRICES.USD.plans[id],
    unit: 'item' as const,
    isDefault: id === 1,
  })),
  options: PHOTO_OPTIONS.map((id) => ({
    id,
    label: PHOTO_OPTION_LABELS[id],
    description: PHOTO_OPTION_DESCRIPTIONS[id],
    unitCents: PHOTO_PRICES.USD.options[id],
    unit: PHOTO_OPTION_UNITS[id],
  })),
};

const ORDER = photoOrderAt(2, { totalCents: 999 });

const checkbox = (name: string) => screen.getByRole('checkbox', { name: new RegExp(name) }) as HTMLInputElement;

describe('the plan step (step 2)', () => {
  it('offers Background Change when every size allows it, and saves a ticked option at once', async () => {
    const api = fakeApi({
      'GET /api/v1/photo-orders/plans': () => ok(PLANS),
      'PUT /api/v1/photo-orders/PHO-1001/plan': (call) => ok({ ...ORDER, options: (call.body as PhotoOrder).options }),
    });
    renderStep(PlanStep, ORDER);
    await screen.findByText(PHOTO_PLAN_LABELS[1]);
    expect(screen.queryByText(PLAN_TEXT.backgroundNote)).toBeNull();
    fireEvent.click(checkbox('Background Change'));
    // Ticked from the click on, not a macrotask later when react-query reports the save.
    expect(checkbox('Background Change').checked).toBe(true);
    await waitFor(() => expect(api.calls.some((c) => c.method === 'PUT')).toBe(true));
    expect(api.calls.find((c) => c.method === 'PUT')?.body).toEqual({
      pricingPlanId: 1,
      options: ['background-change'],
    });
  });

  it('leaves Background Change out, and says why, when a size of the order refuses it', async () => {
    fakeApi({ 'GET /api/v1/photo-orders/plans': () => ok(PLANS) });
    renderStep(PlanStep, { ...ORDER, backgroundChangeOffered: false });
    await screen.findByText(PHOTO_PLAN_LABELS[1]);
    expect(screen.queryByRole('checkbox', { name: /Background Change/ })).toBeNull();
    expect(screen.getByText(PLAN_TEXT.backgroundNote)).toBeTruthy();
    // The note names the sizes that allow it: they are these two (photo-specs.md), and only these.
    const allowing = Object.values(PHOTO_SIZES).filter((size) => size.backgroundChangeAllowed);
    expect(allowing.map((size) => size.id)).toEqual(['oci-photo', 'in-evisa']);
    expect(PLAN_TEXT.backgroundNote).toContain('as the OCI and Indian e-Visa photos do');
  });

  it('refuses pickup with print copies delivered, and moves back and on', async () => {
    fakeApi({ 'GET /api/v1/photo-orders/plans': () => ok(PLANS) });
    const { goTo } = renderStep(PlanStep, { ...ORDER, pricingPlanId: 2 });
    await screen.findByText(PLAN_TEXT.pickupNotWithPrint);
    expect(checkbox(PHOTO_OPTION_LABELS.pickup).disabled).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Back' }));
    expect(goTo).toHaveBeenLastCalledWith(1);
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(goTo).toHaveBeenLastCalledWith(3);
  });

  it('offers the order in Canadian dollars and saves the choice at once', async () => {
    const api = fakeApi({
      'GET /api/v1/photo-orders/plans': () => ok(PLANS),
      'PUT /api/v1/photo-orders/PHO-1001/currency': () => ok({ ...ORDER, currency: 'CAD', totalCents: 1299 }),
    });
    renderStep(PlanStep, ORDER);
    await screen.findByText(PHOTO_PLAN_LABELS[1]);
    expect(screen.getByText(PLAN_TEXT.currencyHint)).toBeTruthy();
    expect((screen.getByRole('radio', { name: PLAN_TEXT.currencies.USD }) as HTMLInputElement).checked).toBe(true);
    fireEvent.click(screen.getByRole('radio', { name: PLAN_TEXT.currencies.CAD }));
    // Shown as chosen from the click on; the page then shows the server's order, priced in CAD.
    expect((screen.getByRole('radio', { name: PLAN_TEXT.currencies.CAD }) as HTMLInputElement).checked).toBe(true);
    await waitFor(() => expect(api.calls.some((c) => c.method === 'PUT')).toBe(true));
    expect(api.calls.find((c) => c.method === 'PUT')?.body).toEqual({ currency: 'CAD' });
  });

  it('says where pickup is offered when the order is in Canadian dollars, which do not list it', async () => {
    const cadPlans: PhotoPlans = { ...PLANS, currency: 'CAD', options: PLANS.options.filter((o) => o.id !== 'pickup') };
    fakeApi({
      'GET /api/v1/photo-orders/plans': (call) => ok(call.query.get('currency') === 'CAD' ? cadPlans : PLANS),
    });
    const cad = renderStep(PlanStep, { ...ORDER, currency: 'CAD', items: [item(1, 'us-2x2')] });
    expect(await screen.findByText(M.pickupUsOnly)).toBeTruthy();
    expect(screen.queryByRole('checkbox', { name: new RegExp(PHOTO_OPTION_LABELS.pickup) })).toBeNull();
    cad.unmount();

    renderStep(PlanStep, { ...ORDER, items: [item(1, 'us-2x2')] });
    const pickup = await screen.findByRole('checkbox', { name: new RegExp(PHOTO_OPTION_LABELS.pickup) });
    expect(screen.queryByText(M.pickupUsOnly)).toBeNull();
    // Offered in US dollars, it says where: a customer in Canada paying in dollars has no studio near.
    expect(PLAN_TEXT.pickupWhere).toBe('At Walgreens and CVS photo counters in the US only.');
    expect(pickup.closest('label')?.textContent).toContain(PLAN_TEXT.pickupWhere);
  });

  it('names the sizes used as a file only, and offers no prints when every size is one', async () => {
    fakeApi({ 'GET /api/v1/photo-orders/plans': () => ok(PLANS) });
    const oci = renderStep(PlanStep, { ...ORDER, items: [item(1, 'oci-photo'), item(2, 'oci-signature')] });
    await screen.findByText(M.filesOnly([PHOTO_SIZES['oci-signature'].label]));
    expect((screen.getByRole('radio', { name: new RegExp(PHOTO_PLAN_LABELS[2]) }) as HTMLInputElement).disabled).toBe(
      false,
    );
    expect(checkbox(PHOTO_OPTION_LABELS.pickup).disabled).toBe(false);
    oci.unmount();

    renderStep(PlanStep, { ...ORDER, items: [item(3, 'in-evisa')] });
    await screen.findByText(M.nothingPrinted);
    expect((screen.getByRole('radio', { name: new RegExp(PHOTO_PLAN_LABELS[2]) }) as HTMLInputElement).disabled).toBe(
      true,
    );
    expect(checkbox(PHOTO_OPTION_LABELS.pickup).disabled).toBe(true);
  });

  it('points an Indian passport photo, a file for the online form, to the 2 × 2 in size for its prints', async () => {
    fakeApi({ 'GET /api/v1/photo-orders/plans': () => ok(PLANS) });
    const hint = M.printedAs(
      'Indian passport',
      'US passport or visa, or Indian passport prints (2 × 2 in, 600 × 600 px)',
    );
    expect(hint).toBe(
      'Prints for Indian passport: add the size “US passport or visa, or Indian passport prints (2 × 2 in, 600 × 600 px)” at step 1.',
    );
    const alone = renderStep(PlanStep, { ...ORDER, items: [item(1, 'in-passport')] });
    await screen.findByText(`${M.nothingPrinted} ${hint}`);
    alone.unmount();

    // With the 2 × 2 in size in the order, the prints are there: no pointer.
    renderStep(PlanStep, { ...ORDER, items: [item(1, 'in-passport'), item(2, 'us-2x2')] });
    await screen.findByText(M.filesOnly([PHOTO_SIZES['in-passport'].label]));
    expect(screen.queryByText(new RegExp(hint.slice(0, 30)))).toBeNull();
  });
});
