// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { MEMBER_MESSAGES } from '../../../../domain/applications/members.ts';
import { clearQueries, QueryProvider } from '../../../lib/query-client.tsx';
import { cleanupAfterEach, fakeApi, installBrowserStubs, ok, renderWithRouter } from '../../../testing/dom.tsx';
import { member, order, TODAY } from '../../../testing/order-fixtures.ts';
import { MembersSection } from './members-section.tsx';

beforeAll(installBrowserStubs);
cleanupAfterEach();
afterEach(clearQueries);

describe('members section', () => {
  it('asks before removing a member without quoting an amount the server has not worked out', async () => {
    const family = [member(), member({ id: 12, fullName: 'Dev Sharma', relationship: 'Child', position: 2 })];
    renderWithRouter(
      <QueryProvider>
        <MembersSection order={order({ members: family })} today={TODAY} checklist={null} />
      </QueryProvider>,
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Remove Dev Sharma' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove Dev Sharma?' });
    expect(dialog.textContent).toContain(MEMBER_MESSAGES.removeWarning('Dev Sharma'));
    expect(dialog.textContent).toContain('The total is worked out again without Dev Sharma.');
    // Their add-ons and a percentage coupon change the total too: the per-member price is not the change.
    expect(dialog.textContent).not.toMatch(/\$357|goes down by/);
  });

  it('takes the focus into an editor as it opens, and back to the button that opened it (review 62 §2)', async () => {
    fakeApi({ 'PUT /api/v1/application/order/DOC-48213907/members/11': () => ok(member(), MEMBER_MESSAGES.updated) });
    renderWithRouter(
      <QueryProvider>
        <MembersSection order={order()} today={TODAY} checklist={null} />
      </QueryProvider>,
    );
    const fullName = (form: HTMLElement) => within(form).getByLabelText('Full name (as in the passport)');

    fireEvent.click(await screen.findByRole('button', { name: 'Edit Priya Sharma' }));
    let form = screen.getByRole('form', { name: 'Edit Priya Sharma' });
    expect(document.activeElement).toBe(fullName(form));
    fireEvent.click(within(form).getByRole('button', { name: 'Cancel' }));
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Edit Priya Sharma' }));

    fireEvent.click(screen.getByRole('button', { name: 'Add a family member' }));
    form = screen.getByRole('form', { name: 'Add a family member' });
    expect(document.activeElement).toBe(fullName(form));
    fireEvent.click(within(form).getByRole('button', { name: 'Cancel' }));
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Add a family member' }));

    fireEvent.click(screen.getByRole('button', { name: 'Edit Priya Sharma' }));
    fireEvent.click(
      within(screen.getByRole('form', { name: 'Edit Priya Sharma' })).getByRole('button', { name: 'Save changes' }),
    );
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Edit Priya Sharma' })));
  });
});
