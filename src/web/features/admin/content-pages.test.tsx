// @vitest-environment jsdom
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { type AdminArticle, type AdminBanner, type AdminOffer, EDIT_MESSAGES } from '../../../domain/admin/content.ts';
import { cleanupAfterEach, fail, fakeApi, installBrowserStubs, ok, renderWithRouter } from '../../testing/dom.tsx';
import { ArticleFormPage } from './article-form-page.tsx';
import { BannerFormPage } from './banner-form-page.tsx';
import { ContentPage } from './content-page.tsx';
import { OfferFormPage } from './offer-form-page.tsx';
import { TermsPage } from './terms-page.tsx';

installBrowserStubs();
cleanupAfterEach();

const offer: AdminOffer = {
  id: 7,
  title: 'Diwali offer',
  description: '10% off OCI renewals',
  isActive: true,
  position: 1,
  startsAt: null,
  endsAt: null,
  updatedAt: '2026-11-20T10:00:00.000Z',
};
const banner: AdminBanner = {
  id: 3,
  bannerImage: 'uploads/ab/ab0123456789abcdef0123456789abcd.jpg',
  altText: 'Family holding OCI cards',
  link: '/services',
  buttonText: 'See services',
  isActive: true,
  position: 0,
  updatedAt: '2026-11-20T10:00:00.000Z',
};

const type = async (label: string, value: string) =>
  act(async () => fireEvent.change(screen.getByLabelText(label, { exact: false }), { target: { value } }));

describe('the offer form', () => {
  it('checks with the API schema, ties each error to its field, and sends nothing until it passes', async () => {
    const api = fakeApi({ 'PUT /api/v1/admin/offers/7': () => ok({ ...offer, title: 'Diwali week' }, 'Saved') });
    let loads = 0;
    renderWithRouter(<OfferFormPage offer={offer} />, { onLoad: () => (loads += 1) });
    await screen.findByRole('heading', { name: 'Offer: Diwali offer' });
    await type('Title', ' ');
    await type('Starts (UTC, optional)', '2026-12-10T00:00');
    await type('Ends (UTC, optional)', '2026-12-01T00:00');
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Save offer' })));
    const title = screen.getByRole('textbox', { name: 'Title' });
    expect(title.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(title.getAttribute('aria-describedby') ?? '')?.textContent).toBe('Enter the title');
    expect(screen.getByText('The end must be after the start')).toBeTruthy();
    expect(api.calls).toEqual([]);

    await type('Title', 'Diwali week');
    await type('Ends (UTC, optional)', '2026-12-20T00:00');
    const loadsBeforeSave = loads;
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Save offer' })));
    expect(await screen.findByText('Saved')).toBeTruthy();
    // Saved: the page reloads its data, as the other content form pages do.
    await waitFor(() => expect(loads).toBe(loadsBeforeSave + 1));
    expect(api.calls.map((c) => [c.method, c.path, c.body])).toEqual([
      [
        'PUT',
        '/api/v1/admin/offers/7',
        {
          title: 'Diwali week',
          description: '10% off OCI renewals',
          isActive: true,
          position: 1,
          startsAt: '2026-12-10T00:00:00Z',
          endsAt: '2026-12-20T00:00:00Z',
          updatedAt: offer.updatedAt,
        },
      ],
    ]);
  });
});

describe('the banner form', () => {
  it("shows the server's field message at its field", async () => {
    fakeApi({
      'PUT /api/v1/admin/banners/3': () =>
        fail(400, 'Please correct the highlighted fields', { link: 'Enter a link starting with https:// or /' }),
    });
    renderWithRouter(<BannerFormPage banner={banner} />);
    await screen.findByRole('img', { name: 'Family holding OCI cards' });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Save banner' })));
    const link = screen.getByRole('textbox', { name: 'Link (optional)' });
    expect(await screen.findByText('Enter a link starting with https:// or /')).toBeTruthy();
    expect(link.getAttribute('aria-invalid')).toBe('true');
  });

  it('refuses a button without a link before sending', async () => {
    const api = fakeApi({});
    renderWithRouter(<BannerFormPage banner={null} />);
    await screen.findByRole('heading', { name: 'New banner' });
    await type('Image description', 'Passport renewals');
    await type('Button text (optional)', 'Go');
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Add banner' })));
    expect(screen.getByText('A button needs a link')).toBeTruthy();
    expect(api.calls).toEqual([]);
  });
});

describe('the content list', () => {
  it('hides an offer and moves a banner by swapping positions', async () => {
    const second: AdminBanner = { ...banner, id: 4, altText: 'Passport renewals', position: 0 };
    const api = fakeApi({
      'PATCH /api/v1/admin/offers/7': () => ok({ ...offer, isActive: false }, 'Saved'),
      'PATCH /api/v1/admin/banners/3': () => ok(banner, 'Saved'),
      'PATCH /api/v1/admin/banners/4': () => ok(second, 'Saved'),
    });
    renderWithRouter(<ContentPage offers={[offer]} banners={[banner, second]} />);
    const hide = await screen.findByRole('button', { name: 'Hide Diwali offer' });
    await act(async () => fireEvent.click(hide));
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Move Passport renewals up' })));
    expect(api.calls.map((c) => [c.method, c.path, c.body])).toEqual([
      ['PATCH', '/api/v1/admin/offers/7', { isActive: false }],
      ['PATCH', '/api/v1/admin/banners/4', { position: 0 }],
      ['PATCH', '/api/v1/admin/banners/3', { position: 1 }],
    ]);
  });
});

/** A published article as the API answers it. */
const ARTICLE: AdminArticle = {
  id: 9,
  slug: 'oci-renewal-guide',
  title: 'Renewing an OCI card',
  summary: 'What to send.',
  body: '## Documents',
  author: 'SevaDocs team',
  isPublished: true,
  publishedAt: '2026-11-20T10:00:00.000Z',
  updatedAt: '2026-11-20T10:00:00.000Z',
};

describe('the article form', () => {
  it('checks the address with the API schema, then writes the article and publishes it', async () => {
    const saved = ARTICLE;
    const api = fakeApi({ 'POST /api/v1/admin/articles': () => ok(saved, 'Created', 201) });
    renderWithRouter(<ArticleFormPage article={null} />);
    await screen.findByRole('heading', { name: 'New article' });
    await type('Title', saved.title);
    await type('Address', 'OCI Renewal');
    await type('Summary', saved.summary);
    await type('Article text', saved.body);
    await type('Author', saved.author);
    await act(async () => fireEvent.click(screen.getByRole('checkbox', { name: 'Published' })));
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Add article' })));
    const address = screen.getByRole('textbox', { name: 'Address' });
    expect(address.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText('Use lower-case letters, digits and hyphens (e.g. oci-renewal-guide)')).toBeTruthy();
    expect(api.calls).toEqual([]);

    await type('Address', saved.slug);
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Add article' })));
    expect(api.calls.map((c) => [c.method, c.path, c.body])).toEqual([
      [
        'POST',
        '/api/v1/admin/articles',
        {
          slug: saved.slug,
          title: saved.title,
          summary: saved.summary,
          body: saved.body,
          author: saved.author,
          isPublished: true,
        },
      ],
    ]);
  });
});

describe('a save refused because someone else changed the record', () => {
  it('shows why, keeps every typed field, and offers a reload', async () => {
    const article = ARTICLE;
    const api = fakeApi({ 'PUT /api/v1/admin/articles/9': () => fail(409, EDIT_MESSAGES.stale) });
    renderWithRouter(<ArticleFormPage article={article} />);
    await screen.findByRole('heading', { name: 'Article: Renewing an OCI card' });
    expect(screen.queryByRole('button', { name: 'Reload' })).toBeNull();
    await type('Title', 'Renewing an OCI card in 2027');
    await type('Article text', '## Documents\n\nBoth passports.');
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Save article' })));

    expect((await screen.findByRole('status')).textContent).toBe(EDIT_MESSAGES.stale);
    expect(screen.getByRole('button', { name: 'Reload' })).toBeTruthy();
    expect((screen.getByRole('textbox', { name: 'Title' }) as HTMLInputElement).value).toBe(
      'Renewing an OCI card in 2027',
    );
    expect((screen.getByRole('textbox', { name: /Article text/ }) as HTMLTextAreaElement).value).toBe(
      '## Documents\n\nBoth passports.',
    );
    expect((screen.getByRole('checkbox', { name: 'Published' }) as HTMLInputElement).checked).toBe(true);
    expect(api.calls.map((c) => [c.method, c.path, c.body])).toEqual([
      [
        'PUT',
        '/api/v1/admin/articles/9',
        {
          slug: article.slug,
          title: 'Renewing an OCI card in 2027',
          summary: article.summary,
          body: '## Documents\n\nBoth passports.',
          author: article.author,
          isPublished: true,
          updatedAt: article.updatedAt,
        },
      ],
    ]);
  });
});

describe('the terms and privacy page', () => {
  it('saves a section with the API schema and refuses an empty heading', async () => {
    const section = {
      id: 11,
      termId: 2,
      name: 'Cookies',
      description: 'We use one cookie.',
      position: 3,
      updatedAt: '2026-11-20T10:00:00.000Z',
    };
    const api = fakeApi({ 'PUT /api/v1/admin/term-sections/11': () => ok(section, 'Saved') });
    renderWithRouter(<TermsPage terms={[{ id: 2, name: 'Privacy Policy and Cookies', sections: [section] }]} />);
    const form = await screen.findByRole('form', { name: 'Section: Cookies' });
    const heading = form.querySelector('input[name="section-11-name"]') as HTMLInputElement;
    await act(async () => fireEvent.change(heading, { target: { value: ' ' } }));
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Save section' })));
    expect(heading.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText('Enter the section heading')).toBeTruthy();
    expect(api.calls).toEqual([]);

    await act(async () => fireEvent.change(heading, { target: { value: 'Cookies we use' } }));
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Save section' })));
    expect(api.calls.map((c) => [c.method, c.path, c.body])).toEqual([
      [
        'PUT',
        '/api/v1/admin/term-sections/11',
        { name: 'Cookies we use', description: 'We use one cookie.', position: 3, updatedAt: section.updatedAt },
      ],
    ]);
  });
});
