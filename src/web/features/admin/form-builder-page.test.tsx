// @vitest-environment jsdom
import { act, fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { AdminFormDetail } from '../../../domain/admin/forms.ts';
import type { FormDefinition } from '../../../domain/forms/definition.ts';
import { cleanupAfterEach, fail, fakeApi, installBrowserStubs, ok, renderWithRouter } from '../../testing/dom.tsx';
import { FormBuilderPage, moveItem } from './form-builder-page.tsx';

installBrowserStubs();
cleanupAfterEach();

const definition: FormDefinition = {
  format: 1,
  id: 'test/form',
  version: 2,
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
            { key: 'familyName', label: 'Family name', type: 'text' },
            { key: 'age', label: 'Age', type: 'number', rules: { min: 0, max: 120 } },
          ],
        },
      ],
    },
  ],
};
const detail = (draft: boolean): AdminFormDetail => ({
  packageId: 7,
  key: 'test/form',
  published: { id: 11, version: 2, definition },
  draft: draft ? { definition, baseVersion: 2, updatedAt: '2026-11-28T04:00:00.000Z' } : null,
  versions: [
    { id: 10, version: 1, source: 'seed', createdAt: '2026-11-01T00:00:00.000Z' },
    { id: 11, version: 2, source: 'admin', createdAt: '2026-11-20T00:00:00.000Z' },
  ],
});
const fieldKeys = (body: unknown) =>
  (body as { definition: FormDefinition }).definition.steps[0]?.sections[0]?.fields.map((f) => f.key);

describe('moveItem', () => {
  it('moves within bounds and leaves the list alone otherwise', () => {
    expect(moveItem(['a', 'b', 'c'], 0, 1)).toEqual(['b', 'a', 'c']);
    expect(moveItem(['a', 'b', 'c'], 2, 0)).toEqual(['c', 'a', 'b']);
    expect(moveItem(['a', 'b'], 0, -1)).toEqual(['a', 'b']);
  });
});

describe('the form builder page', () => {
  it('reorders fields with buttons, keeps focus on the moved button, and saves the draft', async () => {
    const api = fakeApi({ 'PUT /api/v1/admin/packages/7/form/draft': () => ok(null, 'Draft saved.') });
    renderWithRouter(<FormBuilderPage detail={detail(false)} renderPreview={() => null} />);
    const down = await screen.findByRole('button', { name: 'Move Given name down' });
    expect((screen.getByRole('button', { name: 'Move Given name up' }) as HTMLButtonElement).disabled).toBe(true);
    down.focus();
    await act(async () => fireEvent.click(down));
    await act(async () => new Promise<void>((resolve) => requestAnimationFrame(() => resolve())));
    expect(document.activeElement?.id).toBe('down-field-givenName');
    expect(screen.getByText('Field Given name moved down.')).toBeTruthy();
    await act(async () =>
      fireEvent.change(screen.getByRole('textbox', { name: 'Form title' }), { target: { value: 'Renamed form' } }),
    );
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Save draft' })));
    expect(await screen.findByText('Draft saved.')).toBeTruthy();
    expect(api.calls).toHaveLength(1);
    expect(fieldKeys(api.calls[0]?.body)).toEqual(['familyName', 'givenName', 'age']);
    expect(api.calls[0]?.body).toMatchObject({ definition: { title: 'Renamed form' } });
    // Nothing to publish until a draft is saved (the loader then shows it).
    expect((screen.getByRole('button', { name: 'Publish draft' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it("lists the server's problems by path and publishes a saved draft", async () => {
    const api = fakeApi({
      'POST /api/v1/admin/packages/7/form/check': () =>
        fail(400, 'The form has problems. Please correct them and try again.', {
          'steps.0.sections.0.fields.1.label': 'Too small: expected string to have >=1 characters',
        }),
      'POST /api/v1/admin/packages/7/form/publish': () => ok({ id: 12, version: 3 }, 'Published as version 3.'),
    });
    renderWithRouter(<FormBuilderPage detail={detail(true)} renderPreview={() => null} />);
    const check = await screen.findByRole('button', { name: 'Check' });
    await act(async () => fireEvent.click(check));
    const status = await screen.findByText('The form has problems. Please correct them and try again.');
    expect(within(status.parentElement as HTMLElement).getByText('steps.0.sections.0.fields.1.label')).toBeTruthy();
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Publish draft' })));
    expect(await screen.findByText('Published as version 3.')).toBeTruthy();
    expect(api.calls.map((c) => `${c.method} ${c.path}`)).toEqual([
      'POST /api/v1/admin/packages/7/form/check',
      'POST /api/v1/admin/packages/7/form/publish',
    ]);
  });

  it('previews the edited definition with the given renderer, and refuses an invalid one with its problems', async () => {
    fakeApi({});
    renderWithRouter(
      <FormBuilderPage
        detail={detail(false)}
        renderPreview={(d, kind) => (
          <p>{`Engine: ${d.steps[0]?.sections[0]?.fields.map((f) => f.label).join(', ')} as ${kind}`}</p>
        )}
      />,
    );
    await screen.findByRole('button', { name: 'Preview as a minor' });
    await act(async () =>
      fireEvent.change(screen.getAllByRole('textbox', { name: 'Label' })[1] as HTMLElement, {
        target: { value: 'Surname' },
      }),
    );
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Preview as a minor' })));
    expect(screen.getByText('Engine: Given name, Surname, Age as Minor')).toBeTruthy();
    await act(async () =>
      fireEvent.change(screen.getAllByRole('textbox', { name: 'Label' })[1] as HTMLElement, { target: { value: '' } }),
    );
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Preview as an adult' })));
    expect(screen.queryByText(/^Engine:/)).toBeNull();
    expect(screen.getByText('steps.0.sections.0.fields.1.label')).toBeTruthy();
  });

  it('adds and removes questions', async () => {
    const api = fakeApi({ 'PUT /api/v1/admin/packages/7/form/draft': () => ok(null, 'Draft saved.') });
    renderWithRouter(<FormBuilderPage detail={detail(false)} renderPreview={() => null} />);
    const add = await screen.findByRole('button', { name: 'Add a question to Names' });
    await act(async () => fireEvent.click(add));
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Remove Age' })));
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Save draft' })));
    await screen.findByText('Draft saved.');
    expect(fieldKeys(api.calls[0]?.body)).toEqual(['givenName', 'familyName', 'newField']);
  });
});
