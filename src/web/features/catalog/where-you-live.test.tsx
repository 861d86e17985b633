// @vitest-environment jsdom
import { fireEvent, render, screen, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { filingOf } from '../../../domain/catalog/filing.ts';
import { JURISDICTION_MESSAGES } from '../../../domain/jurisdiction/messages.ts';
import { TULARE_JURISDICTION } from '../../../domain/jurisdiction/testing.ts';
import { USER_MESSAGES } from '../../../domain/users/messages.ts';
import { cleanupAfterEach, fail, fakeApi, installBrowserStubs, ok } from '../../testing/dom.tsx';
import { WHERE_YOU_LIVE_TEXT, WhereYouLive } from './where-you-live.tsx';

beforeAll(installBrowserStubs);
cleanupAfterEach();

function ask(country: 'US' | 'CA', code: string) {
  const section = screen.getByRole('region', { name: WHERE_YOU_LIVE_TEXT.title });
  fireEvent.change(within(section).getByLabelText('Country'), { target: { value: country } });
  fireEvent.change(within(section).getByLabelText(country === 'US' ? 'ZIP code' : 'Postal code'), {
    target: { value: code },
  });
  fireEvent.click(within(section).getByRole('button', { name: WHERE_YOU_LIVE_TEXT.find }));
  return section;
}

describe('the service page’s “Where do you live?”', () => {
  it('shows where the file goes, with the source and its date, for a Tulare County ZIP', async () => {
    const api = fakeApi({ 'GET /api/v1/jurisdiction': () => ok(TULARE_JURISDICTION) });
    render(<WhereYouLive serviceSlug="oci-card" filing="mission" loadLookup={() => import('./mission-lookup.tsx')} />);
    const section = ask('US', ' 93277 ');
    expect(
      await within(section).findByText(
        'Your file goes to the Consulate General in San Francisco (Tulare County), through the VFS centre in San Francisco, by post.',
      ),
    ).toBeTruthy();
    expect(section.textContent).toContain('Source, in force since November 2, 2020:');
    expect(within(section).getByRole('link', { name: 'cgisf.gov.in' }).getAttribute('href')).toBe(
      TULARE_JURISDICTION.sourceUrl,
    );
    expect(api.calls.map((c) => Object.fromEntries(c.query))).toEqual([{ country: 'US', postalCode: '93277' }]);
  });

  it('says why a malformed code cannot be placed, without asking the server', async () => {
    const api = fakeApi({});
    render(<WhereYouLive serviceSlug="oci-card" filing="mission" loadLookup={() => import('./mission-lookup.tsx')} />);
    ask('US', '9327');
    expect((await screen.findByRole('alert')).textContent).toBe(USER_MESSAGES.zipInvalid);
    expect(screen.getByLabelText('ZIP code').getAttribute('aria-invalid')).toBe('true');
    expect(api.calls).toHaveLength(0);
  });

  it('shows the server’s message for a code no mission is known for, and no sentence', async () => {
    fakeApi({ 'GET /api/v1/jurisdiction': () => fail(404, JURISDICTION_MESSAGES.unknown) });
    render(<WhereYouLive serviceSlug="oci-card" filing="mission" loadLookup={() => import('./mission-lookup.tsx')} />);
    ask('CA', 'x0a0h0');
    expect((await screen.findByRole('alert')).textContent).toBe(JURISDICTION_MESSAGES.unknown);
    expect(screen.queryByText(/Your file goes to/)).toBeNull();
  });

  it('is not there for a service whose file goes to no mission: the e-Visa (filed online) and a photo order', () => {
    for (const serviceSlug of ['indian-visa', 'photo-enhancement']) {
      const { container, unmount } = render(
        <WhereYouLive
          serviceSlug={serviceSlug}
          filing={filingOf(serviceSlug)}
          loadLookup={() => import('./mission-lookup.tsx')}
        />,
      );
      expect(container.textContent).toBe('');
      unmount();
    }
  });
});
