// @vitest-environment jsdom
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  type AdminAboutBlock,
  type AdminPartner,
  type AdminTeamMember,
  EDIT_MESSAGES,
} from '../../../domain/admin/content.ts';
import { cleanupAfterEach, fail, fakeApi, installBrowserStubs, ok, renderWithRouter } from '../../testing/dom.tsx';
import { AboutBlocksPage } from './about-blocks-page.tsx';
import { ContentPage } from './content-page.tsx';
import { PartnerFormPage } from './partner-form-page.tsx';
import { TeamMemberFormPage } from './team-member-form-page.tsx';

installBrowserStubs();
cleanupAfterEach();

const partner: AdminPartner = {
  id: 5,
  name: 'Apostille Express',
  description: 'Apostilles in two working days.',
  logo: null,
  link: 'https://apostille.example',
  isActive: true,
  position: 0,
  updatedAt: '2026-11-20T10:00:00.000Z',
};
const member: AdminTeamMember = {
  id: 8,
  name: 'Meera Kapoor',
  jobDescription: 'Visa specialist. Eight years of OCI files.',
  image: 'uploads/ab/ab0123456789abcdef0123456789abcd.jpg',
  position: 1,
  updatedAt: '2026-11-20T10:00:00.000Z',
};

const type = async (label: string, value: string) =>
  act(async () => fireEvent.change(screen.getByLabelText(label, { exact: false }), { target: { value } }));

describe('the partner service form', () => {
  it('checks with the API schema, ties each error to its field, then sends the whole form', async () => {
    const api = fakeApi({ 'PUT /api/v1/admin/partners/5': () => ok(partner, 'Saved') });
    renderWithRouter(<PartnerFormPage partner={partner} />);
    await screen.findByRole('heading', { name: 'Partner service: Apostille Express' });
    expect(screen.getByText('No logo yet.')).toBeTruthy();
    await type('Name', ' ');
    await type('Link (optional)', 'javascript:alert(1)');
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Save partner service' })));
    const name = screen.getByRole('textbox', { name: 'Name' });
    expect(name.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(name.getAttribute('aria-describedby') ?? '')?.textContent).toBe('Enter the name');
    expect(screen.getByText('Enter a link starting with https:// or /')).toBeTruthy();
    expect(api.calls).toEqual([]);

    await type('Name', 'Apostille Direct');
    await type('Link (optional)', '');
    await act(async () => fireEvent.click(screen.getByRole('checkbox', { name: 'Show on the home page' })));
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Save partner service' })));
    expect(await screen.findByText('Saved')).toBeTruthy();
    expect(api.calls.map((c) => [c.method, c.path, c.body])).toEqual([
      [
        'PUT',
        '/api/v1/admin/partners/5',
        {
          name: 'Apostille Direct',
          description: partner.description,
          link: null,
          isActive: false,
          position: 0,
          updatedAt: partner.updatedAt,
        },
      ],
    ]);
  });

  it('asks for a file before uploading a logo, at the file field', async () => {
    fakeApi({});
    renderWithRouter(<PartnerFormPage partner={partner} />);
    const upload = await screen.findByRole('button', { name: 'Upload logo' });
    await act(async () => fireEvent.click(upload));
    const file = screen.getByLabelText('Upload the logo', { exact: false });
    expect(file.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(file.getAttribute('aria-describedby') ?? '')?.textContent).toBe(
      'Choose an image to upload',
    );
  });
});

/** The upload's XMLHttpRequest: answers every file with `answer`, the record as the server now holds it. */
function fakeUpload(answer: unknown) {
  class FakeUpload {
    status = 0;
    response: unknown = null;
    responseType = '';
    withCredentials = false;
    upload = { onprogress: null, onload: null };
    onload: (() => void) | null = null;
    onerror: (() => void) | null = null;
    onabort: (() => void) | null = null;
    open() {}
    setRequestHeader() {}
    abort() {}
    send() {
      setTimeout(() => {
        this.status = 200;
        this.response = { isSuccess: true, statusCode: 200, message: 'Image saved', data: answer };
        this.onload?.();
      });
    }
  }
  // jsdom's FormData does not see a file set on the input by a test: the form's reads one.
  class FormWithFile extends FormData {
    override get(name: string) {
      return name === 'file' ? new File(['x'], 'logo.png', { type: 'image/png' }) : super.get(name);
    }
  }
  const real = { xhr: window.XMLHttpRequest, formData: window.FormData };
  window.XMLHttpRequest = FakeUpload as unknown as typeof XMLHttpRequest;
  window.FormData = FormWithFile;
  return () => {
    window.XMLHttpRequest = real.xhr;
    window.FormData = real.formData;
  };
}

const uploadLogo = async () => {
  await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Upload logo' })));
  expect(await screen.findByText('Image saved')).toBeTruthy();
};
const field = (name: string) => (screen.getByRole('textbox', { name }) as HTMLInputElement).value;

describe('the partner service form after its own logo upload', () => {
  const logo = 'uploads/cd/cd0123456789abcdef0123456789abcd.jpg';
  const uploadedAt = '2026-11-20T10:05:00.000Z';

  it('stands on the uploaded row: the new logo and updatedAt, what was typed kept, the rest as the server has it', async () => {
    // Another admin changed the link meanwhile; the upload answers the row with it.
    const restore = fakeUpload({ ...partner, logo, link: 'https://apostille.example/new', updatedAt: uploadedAt });
    try {
      const api = fakeApi({ 'PUT /api/v1/admin/partners/5': () => ok(partner, 'Saved') });
      renderWithRouter(<PartnerFormPage partner={partner} />);
      await screen.findByRole('heading', { name: 'Partner service: Apostille Express' });
      await type('Name', 'Apostille Direct');
      await uploadLogo();
      expect(screen.getByRole('img', { name: 'Apostille Express logo' }).getAttribute('src')).toContain(logo);
      expect(field('Name')).toBe('Apostille Direct');
      expect(field('Link (optional)')).toBe('https://apostille.example/new');

      await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Save partner service' })));
      expect(await screen.findByText('Saved')).toBeTruthy();
      expect(api.calls.map((c) => c.body)).toEqual([
        {
          name: 'Apostille Direct',
          description: partner.description,
          link: 'https://apostille.example/new',
          isActive: true,
          position: 0,
          updatedAt: uploadedAt,
        },
      ]);
    } finally {
      restore();
    }
  });

  it('keeps a typed field someone else also changed, and the old updatedAt, so the save is refused as stale', async () => {
    const restore = fakeUpload({ ...partner, logo, description: 'Apostilles in one day.', updatedAt: uploadedAt });
    try {
      const api = fakeApi({ 'PUT /api/v1/admin/partners/5': () => fail(409, EDIT_MESSAGES.stale) });
      renderWithRouter(<PartnerFormPage partner={partner} />);
      await screen.findByRole('heading', { name: 'Partner service: Apostille Express' });
      await type('Description', 'Apostilles in three working days.');
      await uploadLogo();
      expect(screen.getByRole('img', { name: 'Apostille Express logo' })).toBeTruthy();
      expect(field('Description')).toBe('Apostilles in three working days.');

      // A second upload with nothing new does not forget the conflict.
      await uploadLogo();
      await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Save partner service' })));
      expect(await screen.findByRole('button', { name: 'Reload' })).toBeTruthy();
      expect(api.calls.map((c) => (c.body as { updatedAt: string }).updatedAt)).toEqual([partner.updatedAt]);
      expect(field('Description')).toBe('Apostilles in three working days.');
    } finally {
      restore();
    }
  });

  it('sends the updatedAt of its own last save with the next one', async () => {
    const savedAt = '2026-11-20T10:10:00.000Z';
    const api = fakeApi({
      'PUT /api/v1/admin/partners/5': (call) =>
        ok({ ...partner, ...(call.body as object), updatedAt: savedAt, link: partner.link }, 'Saved'),
    });
    renderWithRouter(<PartnerFormPage partner={partner} />);
    await screen.findByRole('heading', { name: 'Partner service: Apostille Express' });
    await type('Name', '  Apostille Direct ');
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Save partner service' })));
    expect(await screen.findByText('Saved')).toBeTruthy();
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Save partner service' })));
    await waitFor(() => expect(api.calls).toHaveLength(2));
    expect(api.calls.map((c) => (c.body as { updatedAt: string }).updatedAt)).toEqual([partner.updatedAt, savedAt]);
  });
});

describe('the team member form', () => {
  it("shows the current photo and the server's field message at its field", async () => {
    fakeApi({
      'PUT /api/v1/admin/team-members/8': () =>
        fail(400, 'Please correct the highlighted fields', {
          jobDescription: 'The description should not exceed 1,000 characters',
        }),
    });
    renderWithRouter(<TeamMemberFormPage member={member} />);
    expect(await screen.findByRole('img', { name: 'Meera Kapoor' })).toBeTruthy();
    expect(screen.getByLabelText('Replace the photo', { exact: false })).toBeTruthy();
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Save team member' })));
    expect(await screen.findByText('The description should not exceed 1,000 characters')).toBeTruthy();
    expect(screen.getByRole('textbox', { name: 'Role and bio' }).getAttribute('aria-invalid')).toBe('true');
  });

  it('refuses an empty name before sending a new member', async () => {
    const api = fakeApi({});
    renderWithRouter(<TeamMemberFormPage member={null} />);
    await screen.findByRole('heading', { name: 'New team member' });
    await type('Role and bio', 'Photo editor.');
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Add team member' })));
    expect(screen.getByText('Enter the name')).toBeTruthy();
    expect(api.calls).toEqual([]);
  });
});

describe('the About page text', () => {
  it('saves one block with the API schema and refuses empty text', async () => {
    const updatedAt = '2026-11-20T10:00:00.000Z';
    const story: AdminAboutBlock = {
      id: 2,
      kind: 'story',
      title: 'Our Story',
      description: 'We began.',
      position: 0,
      updatedAt,
    };
    const value: AdminAboutBlock = {
      id: 3,
      kind: 'value',
      title: 'Empathy',
      description: 'We listen.',
      position: 2,
      updatedAt,
    };
    const api = fakeApi({ 'PUT /api/v1/admin/about-blocks/2': () => ok(story, 'Saved') });
    renderWithRouter(<AboutBlocksPage blocks={[story, value]} />);
    const form = await screen.findByRole('form', { name: 'Block: Our Story' });
    expect(screen.getByRole('form', { name: 'Block: Empathy' })).toBeTruthy();
    const text = within(form).getByRole('textbox', { name: 'Text' });
    await act(async () => fireEvent.change(text, { target: { value: ' ' } }));
    await act(async () => fireEvent.click(within(form).getByRole('button', { name: 'Save block' })));
    expect(text.getAttribute('aria-invalid')).toBe('true');
    expect(within(form).getByText('Write the text')).toBeTruthy();
    expect(api.calls).toEqual([]);

    await act(async () => fireEvent.change(text, { target: { value: 'We began at a kitchen table.' } }));
    await act(async () => fireEvent.click(within(form).getByRole('button', { name: 'Save block' })));
    expect(api.calls.map((c) => [c.method, c.path, c.body])).toEqual([
      [
        'PUT',
        '/api/v1/admin/about-blocks/2',
        { title: 'Our Story', description: 'We began at a kitchen table.', position: 0, updatedAt },
      ],
    ]);
  });
});

describe('the content lists', () => {
  it('hides a partner, moves a team member (who has no show/hide), and publishes an article with the one list', async () => {
    const second: AdminTeamMember = { ...member, id: 9, name: 'Rohan Iyer', position: 1, image: null };
    const api = fakeApi({
      'PATCH /api/v1/admin/partners/5': () => ok({ ...partner, isActive: false }, 'Saved'),
      'PATCH /api/v1/admin/team-members/9': () => ok(second, 'Saved'),
      'PATCH /api/v1/admin/team-members/8': () => ok(member, 'Saved'),
      'PATCH /api/v1/admin/articles/4': () => ok(null, 'Saved'),
    });
    renderWithRouter(
      <ContentPage
        offers={[]}
        banners={[]}
        partners={[partner]}
        team={[member, second]}
        articles={[
          {
            id: 4,
            slug: 'oci-guide',
            title: 'OCI guide',
            summary: 's',
            body: 'b',
            author: 'a',
            isPublished: false,
            publishedAt: '2026-11-20T10:00:00.000Z',
            updatedAt: '2026-11-20T10:00:00.000Z',
          },
        ]}
      />,
    );
    const hide = await screen.findByRole('button', { name: 'Hide Apostille Express' });
    await act(async () => fireEvent.click(hide));
    expect(screen.queryByRole('button', { name: /^(Hide|Show) Meera Kapoor$/ })).toBeNull();
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Move Rohan Iyer up' })));
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Publish OCI guide' })));
    expect(screen.queryByRole('button', { name: 'Move OCI guide up' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Add a partner service' }).getAttribute('href')).toBe(
      '/admin/content/partners/new',
    );
    expect(screen.getByRole('link', { name: 'Meera Kapoor' }).getAttribute('href')).toBe(
      '/admin/content/team-members/8',
    );
    expect(api.calls.map((c) => [c.method, c.path, c.body])).toEqual([
      ['PATCH', '/api/v1/admin/partners/5', { isActive: false }],
      ['PATCH', '/api/v1/admin/team-members/9', { position: 1 }],
      ['PATCH', '/api/v1/admin/team-members/8', { position: 2 }],
      ['PATCH', '/api/v1/admin/articles/4', { isPublished: true }],
    ]);
  });
});
