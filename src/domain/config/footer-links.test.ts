import { describe, expect, it } from 'vitest';
import { FOOTER_LEGAL_LINKS, FOOTER_SERVICE_LINKS, footerCompanyLinks } from './footer-links.ts';

describe('footer', () => {
  it('lists the five services of SPEC.md §2 with their pages', () => {
    expect(FOOTER_SERVICE_LINKS.map((l) => [l.name, l.url])).toEqual([
      ['OCI Card', '/oci-card'],
      ['Renunciation of Indian Passport', '/renunciation-of-indian-passport'],
      ['Indian Passport Renewal', '/indian-passport-renewal'],
      ['Indian Visa', '/indian-visa'],
      ['Photo Enhancement', '/photo-enhancement'],
    ]);
  });

  it('has the company pages, with the blog as an external link', () => {
    const links = footerCompanyLinks('https://blog.example');
    expect(links.map((l) => l.url)).toEqual([
      '/about-us',
      '/contact',
      '/refer-friend',
      '/sevadocs-service-faqs',
      '/refund-request',
      'https://blog.example',
    ]);
    expect(links.at(-1)?.external).toBe(true);
  });

  it('links Terms and Conditions to /guideline and Privacy to /privacy-policy', () => {
    expect(FOOTER_LEGAL_LINKS.map((l) => [l.name, l.url])).toEqual([
      ['Terms and Conditions', '/guideline'],
      ['Privacy', '/privacy-policy'],
    ]);
  });
});
