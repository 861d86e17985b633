// @vitest-environment jsdom
import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { cleanupAfterEach } from '../testing/dom.tsx';
import { SERVICE_CARD_PRICE_TEXT, ServiceCardPrice } from './service-card-price.tsx';

cleanupAfterEach();

function footOf(serviceSlug: string, fromPrice: string | null) {
  return render(<ServiceCardPrice fromPrice={fromPrice} serviceSlug={serviceSlug} />).container.textContent;
}

describe('ServiceCardPrice', () => {
  it('says "all fees included" where the price holds every fee: an OCI card', () => {
    expect(footOf('oci-card', '$318.90')).toBe(`From $318.90${SERVICE_CARD_PRICE_TEXT.allFees}`);
  });

  it('names the fees paid on the official portal for the e-Visa, not "all fees included"', () => {
    const foot = footOf('indian-visa', '$12.00');
    expect(foot).toBe(`From $12.00${SERVICE_CARD_PRICE_TEXT.portal}`);
    expect(foot).not.toContain('all fees included');
  });

  it('names the consular fee paid at the centre for the application-centre support (its File Check)', () => {
    const foot = footOf('visa-application-centre-support', '$54.90');
    expect(foot).toBe(`From $54.90${SERVICE_CARD_PRICE_TEXT.centre}`);
    expect(foot).not.toContain('all fees included');
  });

  it('says "Priced on request" without a price', () => {
    expect(footOf('indian-visa', null)).toBe(SERVICE_CARD_PRICE_TEXT.onRequest);
  });
});
