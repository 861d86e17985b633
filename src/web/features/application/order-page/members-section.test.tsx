// @vitest-environment jsdom
import { fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { MEMBER_MESSAGES } from '../../../../domain/applications/members.ts';
import { clearQueries, QueryProvider } from '../../../lib/query-client.tsx';
import { cleanupAfterEach, installBrowserStubs, renderWithRouter } from '../../../testing/dom.tsx';
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
});
