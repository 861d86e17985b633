import { describe, expect, it } from 'vitest';
import { continueHref, membersPhrase, openApplicationName, sentBackToCustomer } from './open-application.ts';

describe('an open application’s row', () => {
  it('names the members by first name', () => {
    expect(membersPhrase(['Priya Sharma'])).toBe('Priya');
    expect(membersPhrase(['Priya Sharma', 'Raj Sharma'])).toBe('Priya and Raj');
    expect(membersPhrase(['Priya Sharma', 'Raj Sharma', 'Anaya Sharma'])).toBe('Priya, Raj and Anaya');
    expect(membersPhrase([])).toBe('');
  });

  it('reads "OCI Card for Priya, Raj and Anaya", or the title while nobody is added', () => {
    const title = 'OCI Card: New OCI Card';
    expect(openApplicationName({ title, memberNames: ['Priya Sharma', 'Raj Sharma', 'Anaya Sharma'] })).toBe(
      'OCI Card for Priya, Raj and Anaya',
    );
    expect(openApplicationName({ title, memberNames: [] })).toBe(title);
  });

  it('continues on the order page to pay, on the forms once paid', () => {
    expect(continueHref({ displayId: 'DOC-000123', status: 'Payment pending' })).toBe(
      '/service-order?orderId=DOC-000123',
    );
    expect(continueHref({ displayId: 'DOC-000123', status: 'Forms incomplete' })).toBe(
      '/package-form?orderId=DOC-000123',
    );
  });

  it('continues on the order page once our team sent it back: their remark is there', () => {
    expect(continueHref({ displayId: 'DOC-000123', status: 'Forms incomplete', sentBack: true })).toBe(
      '/service-order?orderId=DOC-000123',
    );
    expect(continueHref({ displayId: 'DOC-000123', status: 'Forms incomplete', sentBack: false })).toBe(
      '/package-form?orderId=DOC-000123',
    );
  });

  it('counts an application as sent back once our team has changed it, not while only the customer and payment did', () => {
    const paid = [{ by: 'customer' as const }, { by: 'system' as const }];
    expect(sentBackToCustomer(paid)).toBe(false);
    // Paid incomplete, then complete (Order pending), In review, back to the customer.
    expect(
      sentBackToCustomer([...paid, { by: 'system' as const }, { by: 'staff' as const }, { by: 'staff' as const }]),
    ).toBe(true);
  });
});
