import { describe, expect, it } from 'vitest';
import type { LoaderServices } from '../../contracts/load-context.ts';
import { checkoutHref } from '../../domain/payments/payment.ts';
import { loaderArgs, viewer } from '../testing/route-loader.ts';
import { loader as checkoutLoader } from './checkout.tsx';
import { loader as serviceOrderLoader } from './service-order.tsx';
import { loader as paymentResultLoader } from './service-payment-success.tsx';

const services = {} as LoaderServices;

/** What a loader throws (a redirect) or returns. */
function run(load: () => unknown): Response | unknown {
  try {
    return load();
  } catch (answer) {
    return answer;
  }
}

describe('checkout has its own route (decision 0088)', () => {
  it('an old /service-order?…&checkout=1 link redirects to /checkout on this site, signed in or not', () => {
    for (const who of [viewer('customer'), null]) {
      const answer = run(() =>
        serviceOrderLoader(loaderArgs(services, who, '/service-order?orderId=DOC-48213907&checkout=1')),
      );
      expect(answer).toBeInstanceOf(Response);
      const response = answer as Response;
      expect(response.status).toBe(301);
      expect(response.headers.get('Location')).toBe('/checkout?orderId=DOC-48213907');
      expect(response.headers.get('Location')).toBe(checkoutHref('DOC-48213907'));
    }
  });

  it('the redirect stays a path on this site whatever the orderId says', () => {
    const answer = run(() =>
      serviceOrderLoader(
        loaderArgs(services, viewer('customer'), '/service-order?orderId=%2F%2Fevil.example%2Fx&checkout=1'),
      ),
    ) as Response;
    expect(answer.headers.get('Location')).toBe('/checkout?orderId=%2F%2Fevil.example%2Fx');
  });

  it('the order page without checkout=1 is still the order page', () => {
    const answer = run(() =>
      serviceOrderLoader(loaderArgs(services, viewer('customer'), '/service-order?orderId=DOC-48213907')),
    );
    expect(answer).toMatchObject({ orderRef: 'DOC-48213907' });
  });

  it('/checkout reads the order id; a visitor signs in and comes back to it', () => {
    expect(checkoutLoader(loaderArgs(services, viewer('customer'), '/checkout?orderId=DOC-48213907'))).toEqual({
      orderRef: 'DOC-48213907',
    });
    expect(checkoutLoader(loaderArgs(services, viewer('customer'), '/checkout?orderId=nope'))).toEqual({
      orderRef: null,
    });
    const visitor = run(() => checkoutLoader(loaderArgs(services, null, '/checkout?orderId=DOC-48213907'))) as Response;
    expect(visitor.headers.get('Location')).toBe('/signin?redirect=%2Fcheckout%3ForderId%3DDOC-48213907');
  });
});

describe('the pages a provider returns the customer to', () => {
  const photoServices = { photos: { get: async () => ({ ok: false }) } } as unknown as LoaderServices;

  it('know a photo order’s from a service order’s on a client navigation too (its data request ends in .data)', async () => {
    for (const [path, kind, orderRef] of [
      ['/photo-payment-success?orderId=PHO-48213907', 'photo', 'PHO-48213907'],
      ['/photo-payment-success.data?orderId=PHO-48213907&_routes=photo-payment-success', 'photo', 'PHO-48213907'],
      ['/service-payment-success?orderId=DOC-48213907', 'service', 'DOC-48213907'],
      ['/service-payment-success.data?orderId=DOC-48213907', 'service', 'DOC-48213907'],
    ] as const) {
      expect(await paymentResultLoader(loaderArgs(photoServices, viewer('customer'), path)), path).toMatchObject({
        kind,
        orderRef,
      });
    }
  });
});
