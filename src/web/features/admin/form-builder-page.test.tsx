// @vitest-environment jsdom
import { act, fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { type AdminFormDetail, QUESTION_CSV_COLUMNS } from '../../../domain/admin/forms.ts';
import type { FormDefinition, MinorTexts } from '../../../domain/forms/definition.ts';
import { cleanupAfterEach, fail, fakeApi, installBrowserStubs, ok, renderWithRouter } from '../../testing/dom.tsx';
import { FormBuilderPage, moveItem, withMinorText } from './form-builder-page.tsx';

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
const fieldsSaved = (body: unknown) =>
  (body as { definition: FormDefinition }).definition.steps[0]?.sections[0]?.fields ?? [];
const fieldKeys = (body: unknown) =>
  (body as { definition: FormDefinition }).definition.steps[0]?.sections[0]?.fields.map((f) => f.key);

describe('moveItem', () => {
  it('moves within bounds and leaves the list alone otherwise', () => {
    expect(moveItem(['a', 'b', 'c'], 0, 1)).toEqual(['b', 'a', 'c']);
    expect(moveItem(['a', 'b', 'c'], 2, 0)).toEqual(['c', 'a', 'b']);
    expect(moveItem(['a', 'b'], 0, -1)).toEqual(['a', 'b']);
  });
});

describe('withMinorText', () => {
  it('sets, replaces and removes one minor text, dropping an empty minor', () => {
    const field: { key: string; label: string; minor?: MinorTexts } = { key: 'photo', label: 'Your photo' };
    const worded = withMinorText(field, 'label', '{name}’s photo');
    expect(worded).toEqual({ key: 'photo', label: 'Your photo', minor: { label: '{name}’s photo' } });
    expect(withMinorText({ ...worded, minor: { ...worded.minor, help: 'h' } }, 'label', '')).toEqual({
      ...field,
      minor: { help: 'h' },
    });
    expect(withMinorText(worded, 'label', '')).toEqual(field);
  });
});

describe('the form builder page', () => {
  it('words a step and a field for a minor, and saves the wording with the draft', async () => {
    const api = fakeApi({ 'PUT /api/v1/admin/packages/7/form/draft': () => ok(null, 'Draft saved.') });
    renderWithRouter(<FormBuilderPage detail={detail(false)} renderPreview={() => null} />);
    const stepTitle = await screen.findByRole('textbox', { name: 'Step title on a minor’s form (About you)' });
    await act(async () => fireEvent.change(stepTitle, { target: { value: 'About {name}' } }));
    const label = screen.getByRole('textbox', { name: 'Label on a minor’s form (Given name)' });
    await act(async () => fireEvent.change(label, { target: { value: '{name}’s given name' } }));
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Save draft' })));
    expect(await screen.findByText('Draft saved.')).toBeTruthy();
    const saved = (api.calls[0]?.body as { definition?: FormDefinition } | undefined)?.definition;
    expect(saved?.steps[0]?.minor).toEqual({ title: 'About {name}' });
    expect(fieldsSaved(api.calls[0]?.body)[0]?.minor).toEqual({ label: '{name}’s given name' });
  });

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

  it("edits a field's rules with controls, and the engine refuses a broken rule before anything is sent", async () => {
    const api = fakeApi({ 'PUT /api/v1/admin/packages/7/form/draft': () => ok(null, 'Draft saved.') });
    renderWithRouter(<FormBuilderPage detail={detail(false)} renderPreview={() => null} />);
    const age = await screen.findByRole('group', { name: 'Rules of Age' });
    const given = screen.getByRole('group', { name: 'Rules of Given name' });
    const type = (box: HTMLElement, label: string, value: string) =>
      act(async () => fireEvent.change(within(box).getByLabelText(label), { target: { value } }));
    // A minimum above the maximum: the engine's message by path, and no request.
    await type(age, 'Minimum', '200');
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Save draft' })));
    expect(await screen.findByText('The form has problems. Please correct them and try again.')).toBeTruthy();
    expect(screen.getByText(/its min rule is above its max rule/)).toBeTruthy();
    expect(api.calls).toHaveLength(0);

    await type(age, 'Minimum', '18');
    await type(age, 'Help text', 'In whole years');
    await type(given, 'Maximum length', '60');
    await type(given, 'Pattern (regular expression)', "^[A-Za-z' -]+$");
    await type(given, 'Message when the pattern does not match', 'Use letters as in your passport');
    await act(async () => fireEvent.click(within(given).getByRole('checkbox', { name: 'trim' })));
    await act(async () => fireEvent.click(within(age).getByRole('checkbox', { name: 'Adult' })));
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Save draft' })));
    expect(await screen.findByText('Draft saved.')).toBeTruthy();
    const [givenName, , ageField] = fieldsSaved(api.calls[0]?.body);
    expect(givenName).toEqual({
      key: 'givenName',
      label: 'Given name',
      type: 'text',
      required: true,
      rules: { max: 60, matches: { pattern: "^[A-Za-z' -]+$", message: 'Use letters as in your passport' } },
      transforms: ['trim'],
    });
    expect(ageField).toEqual({
      key: 'age',
      label: 'Age',
      type: 'number',
      rules: { min: 18, max: 120 },
      help: 'In whole years',
      memberKinds: ['Adult'],
    });
  });

  it('edits the options of a choice and the condition of a dependent', async () => {
    const api = fakeApi({ 'PUT /api/v1/admin/packages/7/form/draft': () => ok(null, 'Draft saved.') });
    const withChoice: FormDefinition = structuredClone(definition);
    withChoice.steps[0]?.sections[0]?.fields.push(
      { key: 'travelled', label: 'Travelled before', type: 'radio', options: [{ value: 'yes', label: 'Yes' }] },
      {
        type: 'dependent',
        key: 'travelDetails',
        when: { field: 'travelled', equals: 'yes' },
        fields: [{ key: 'lastTrip', label: 'Last trip', type: 'text' }],
      },
    );
    renderWithRouter(
      <FormBuilderPage
        detail={{ ...detail(false), published: { ...detail(false).published, definition: withChoice } }}
        renderPreview={() => null}
      />,
    );
    const options = await screen.findByRole('group', { name: 'Options of Travelled before' });
    await act(async () => fireEvent.click(within(options).getByRole('button', { name: 'Add an option' })));
    await act(async () =>
      fireEvent.change(within(options).getByLabelText('Option 2 value'), { target: { value: 'no' } }),
    );
    await act(async () =>
      fireEvent.change(within(options).getByLabelText('Option 2 label'), { target: { value: 'No' } }),
    );
    const condition = screen.getByRole('group', { name: 'Condition of travelDetails' });
    await act(async () =>
      fireEvent.change(within(condition).getByLabelText('Condition'), { target: { value: 'oneOf' } }),
    );
    await act(async () =>
      fireEvent.change(within(condition).getByLabelText('Value'), { target: { value: 'yes, no' } }),
    );
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Save draft' })));
    expect(await screen.findByText('Draft saved.')).toBeTruthy();
    const fields = fieldsSaved(api.calls[0]?.body);
    expect(fields?.[3]).toMatchObject({
      options: [
        { value: 'yes', label: 'Yes' },
        { value: 'no', label: 'No' },
      ],
    });
    expect(fields?.[4]).toMatchObject({ when: { field: 'travelled', oneOf: ['yes', 'no'] } });
  });

  it('names every CSV column the import takes, and how requiredWhen reads', async () => {
    renderWithRouter(<FormBuilderPage detail={detail(false)} renderPreview={() => null} />);
    const help = (await screen.findByRole('form', { name: 'Import questions' })).textContent ?? '';
    for (const column of QUESTION_CSV_COLUMNS) expect(help).toMatch(new RegExp(`\\b${column}\\b`));
    expect(help).toContain('reissueReason equals changes');
  });
});
