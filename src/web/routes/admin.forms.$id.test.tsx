// @vitest-environment jsdom
import { act, fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { AdminFormDetail } from '../../domain/admin/forms.ts';
import type { FormDefinition } from '../../domain/forms/definition.ts';
import { cleanupAfterEach, fakeApi, installBrowserStubs, renderWithRouter } from '../testing/dom.tsx';
import type { Route } from './+types/admin.forms.$id';
import AdminFormRoute from './admin.forms.$id.tsx';

installBrowserStubs();
cleanupAfterEach();

const definition: FormDefinition = {
  format: 1,
  id: 'test/form',
  version: 1,
  title: 'Test form',
  steps: [
    {
      key: 'about',
      title: 'About you',
      sections: [
        {
          key: 'names',
          title: 'Names',
          fields: [
            { key: 'givenName', label: 'Given name', type: 'text', required: true },
            { key: 'parentName', label: "Parent's name", type: 'text', memberKinds: ['Minor'] },
          ],
        },
      ],
    },
  ],
};
const detail: AdminFormDetail = {
  packageId: 3,
  key: 'test/form',
  published: { id: 1, version: 1, definition },
  draft: null,
  versions: [{ id: 1, version: 1, source: 'seed', createdAt: '2026-11-01T00:00:00.000Z' }],
};

describe('the form builder route', () => {
  it("previews with the customers' form engine, for the member kind asked", async () => {
    fakeApi({});
    const props = { loaderData: { detail } } as unknown as Route.ComponentProps;
    renderWithRouter(<AdminFormRoute {...props} />);
    const adult = await screen.findByRole('button', { name: 'Preview as an adult' });
    await act(async () => fireEvent.click(adult));
    const preview = screen.getByRole('region', { name: /Preview as an adult/ });
    expect(within(preview).getByRole('textbox', { name: /Given name/ })).toBeTruthy();
    expect(within(preview).queryByRole('textbox', { name: /Parent's name/ })).toBeNull();
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Preview as a minor' })));
    const minor = screen.getByRole('region', { name: /Preview as a minor/ });
    expect(within(minor).getByRole('textbox', { name: /Parent's name/ })).toBeTruthy();
  });
});
