import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { OffersStrip } from './offers-strip.tsx';
import { PartnerServices } from './partner-services.tsx';

const offers = [
  { id: 1, title: 'Give $5, get $5', description: 'Friends save $5.', isActive: true },
  { id: 2, title: 'Free photo check', description: 'With every OCI application.', isActive: true },
];

describe('OffersStrip', () => {
  it('renders nothing without offers', () => {
    expect(renderToStaticMarkup(<OffersStrip offers={[]} />)).toBe('');
  });

  it('is a labelled, sticky strip whose looping copy is hidden from screen readers', () => {
    const html = renderToStaticMarkup(<OffersStrip offers={offers} />);
    expect(html).toContain('aria-label="Current offers"');
    expect(html).toContain('sticky');
    expect(html.match(/Give \$5, get \$5/g)).toHaveLength(2);
    expect(html.match(/<ul[^>]*aria-hidden="true"/g)).toHaveLength(1);
    // Scrolled by hand with reduced motion, paused on focus otherwise: a keyboard reaches it.
    expect(html).toMatch(/<div tabindex="0" class="offers-strip-viewport/);
  });
});

describe('PartnerServices', () => {
  it('shows each partner with its logo, or its initials when it has none, and a safe external link', () => {
    const html = renderToStaticMarkup(
      <PartnerServices
        partners={[
          {
            id: 1,
            name: 'NotaryNow',
            description: 'Remote notarisation.',
            logo: 'partners/notarynow.svg',
            link: 'https://notarynow.example',
          },
          { id: 2, name: 'Swift Ship', description: 'Couriers.', logo: null, link: null },
        ]}
      />,
    );
    expect(html).toContain('src="/media/partners/notarynow.svg"');
    expect(html).toContain('>SS</span>');
    expect(html).toContain('href="https://notarynow.example" target="_blank" rel="noopener noreferrer sponsored"');
    expect(html.match(/<a /g)).toHaveLength(1);
  });

  it('renders nothing without partners', () => {
    expect(renderToStaticMarkup(<PartnerServices partners={[]} />)).toBe('');
  });
});
