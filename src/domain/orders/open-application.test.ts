import { describe, expect, it } from 'vitest';
import { continueHref, membersPhrase, openApplicationName } from './open-application.ts';

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
});
