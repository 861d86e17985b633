import { describe, expect, it } from 'vitest';
import { readSearchQuery, SERVICE_SEARCH_MESSAGES, searchServices, searchWords } from './service-search.ts';

const SERVICES = [
  { name: 'OCI Card', slug: 'oci-card', summary: 'Overseas Citizenship of India cards for adults and minors.' },
  { name: 'Indian Passport Renewal', slug: 'indian-passport-renewal', summary: 'Renew an Indian passport abroad.' },
  { name: 'Indian Visa', slug: 'indian-visa', summary: 'Tourist and business e-visas.' },
  { name: 'Photo Enhancement', slug: 'photo-enhancement', summary: 'Passport photos that meet the rules.' },
];

const names = (query: string) => searchServices(SERVICES, query).map((m) => m.service.name);

describe('service search', () => {
  it('finds services by the words of their name, in any case and number', () => {
    expect(names('OCI')).toEqual(['OCI Card']);
    expect(names('photos')).toEqual(['Photo Enhancement']);
    expect(names('indian visas')).toEqual(['Indian Visa', 'Indian Passport Renewal']);
  });

  it('ranks a match in the name above one in the summary only, and matches word beginnings', () => {
    expect(names('passport')).toEqual(['Indian Passport Renewal', 'Photo Enhancement']);
    expect(searchServices(SERVICES, 'passport').map((m) => m.byName)).toEqual([true, false]);
    expect(names('pass')).toEqual(['Indian Passport Renewal', 'Photo Enhancement']);
  });

  it('matches nothing for an empty query, stop words only, or unknown words', () => {
    expect(names('')).toEqual([]);
    expect(names('the services page')).toEqual([]);
    expect(names('zzz')).toEqual([]);
  });

  it('reads the words of a query: lower case, singular, no stop words, no repeats', () => {
    expect(searchWords('Apply for OCI cards, OCI CARD')).toEqual(['oci', 'card']);
  });

  it('reads the q parameter trimmed and cut to 100 characters', () => {
    expect(readSearchQuery(new URLSearchParams('q=%20visa%20'))).toBe('visa');
    expect(readSearchQuery(new URLSearchParams(`q=${'a'.repeat(500)}`))).toHaveLength(100);
    expect(readSearchQuery(new URLSearchParams(''))).toBe('');
  });

  it('says what the search found', () => {
    expect(SERVICE_SEARCH_MESSAGES.found(1, 'oci')).toBe('1 service matches “oci”.');
    expect(SERVICE_SEARCH_MESSAGES.found(2, 'indian')).toBe('2 services match “indian”.');
    expect(SERVICE_SEARCH_MESSAGES.none('tax')).toBe(
      'No service matches “tax”. Here are all our services; or call us and we will point you to the right one.',
    );
  });
});
