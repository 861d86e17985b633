// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import type { PhotoOrder } from '../../../../domain/photos/orders.ts';
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
import type { PhotoPlans } from '../../../lib/photo-api.ts';
import { cleanupAfterEach, fakeApi, installBrowserStubs, ok, renderWithRouter } from '../../../testing/dom.tsx';
import { PlanStep } from './plan-step.tsx';
import { PLAN_TEXT } from './text.ts';

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

const ORDER: PhotoOrder = {
  id: 1,
  displayId: 'PHO-1001',
  status: 'Payment pending',
  step: 2,
  currency: 'USD',
  totalCents: 999,
  items: [],
  pricingPlanId: 1,
  options: [],
  deliveryMethod: null,
  delivery: null,
  costSummary: [],
  appliedCoupon: null,
  backgroundChangeOffered: true,
  timeline: [],
  createdAt: '2026-11-28T08:00:00.000Z',
};

function renderStep(order: PhotoOrder) {
  const goTo = vi.fn();
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  renderWithRouter(
    <QueryClientProvider client={client}>
      <PlanStep order={order} goTo={goTo} moving={false} />
    </QueryClientProvider>,
  );
  return { goTo };
}

const checkbox = (name: string) => screen.getByRole('checkbox', { name: new RegExp(name) }) as HTMLInputElement;

describe('the plan step (step 2)', () => {
  it('offers Background Change when every size allows it, and saves a ticked option at once', async () => {
    const api = fakeApi({
      'GET /api/v1/photo-orders/plans': () => ok(PLANS),
      'PUT /api/v1/photo-orders/PHO-1001/plan': (call) => ok({ ...ORDER, options: (call.body as PhotoOrder).options }),
    });
    renderStep(ORDER);
    await screen.findByText(PHOTO_PLAN_LABELS[1]);
    expect(screen.queryByText(PLAN_TEXT.backgroundNote)).toBeNull();
    fireEvent.click(checkbox('Background Change'));
    await waitFor(() => expect(api.calls.some((c) => c.method === 'PUT')).toBe(true));
    expect(api.calls.find((c) => c.method === 'PUT')?.body).toEqual({
      pricingPlanId: 1,
      options: ['background-change'],
    });
  });

  it('leaves Background Change out, and says why, when a size of the order refuses it', async () => {
    fakeApi({ 'GET /api/v1/photo-orders/plans': () => ok(PLANS) });
    renderStep({ ...ORDER, backgroundChangeOffered: false });
    await screen.findByText(PHOTO_PLAN_LABELS[1]);
    expect(screen.queryByRole('checkbox', { name: /Background Change/ })).toBeNull();
    expect(screen.getByText(PLAN_TEXT.backgroundNote)).toBeTruthy();
  });

  it('refuses pickup with print copies delivered, and moves back and on', async () => {
    fakeApi({ 'GET /api/v1/photo-orders/plans': () => ok(PLANS) });
    const { goTo } = renderStep({ ...ORDER, pricingPlanId: 2 });
    await screen.findByText(PLAN_TEXT.pickupNotWithPrint);
    expect(checkbox(PHOTO_OPTION_LABELS.pickup).disabled).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Back' }));
    expect(goTo).toHaveBeenLastCalledWith(1);
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(goTo).toHaveBeenLastCalledWith(3);
  });
});
