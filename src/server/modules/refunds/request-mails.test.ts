import { describe, expect, it } from 'vitest';
import { billingSignature } from './request-mails.ts';

describe('billingSignature', () => {
  it('signs under the brand the order was bought from: the deployment’s name, or SevaPhotos for a PHO- order', () => {
    expect(billingSignature('DOC-48213907', { companyName: 'Acme Visas' })).toBe('The Acme Visas billing team');
    expect(billingSignature('PHO-48213907', { companyName: 'Acme Visas' })).toBe('The SevaPhotos billing team');
    // What a visitor typed into the refund form, not an order: the company's own name.
    expect(billingSignature('48213907', { companyName: 'Acme Visas' })).toBe('The Acme Visas billing team');
  });
});
