// @vitest-environment jsdom
import { render, screen, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { STAFF_MESSAGES_TEXT, type StaffMessage } from '../../domain/orders/staff-messages.ts';
import { dateTime } from '../lib/order-format.ts';
import { cleanupAfterEach, installBrowserStubs } from '../testing/dom.tsx';
import { StaffMessages } from './staff-messages.tsx';

beforeAll(installBrowserStubs);
cleanupAfterEach();

/** Newest first, as the order's answer lists them. */
const MESSAGES: StaffMessage[] = [
  { sentAt: '2026-12-03T15:20:00.000Z', body: 'The consulate confirmed your slot.' },
  {
    sentAt: '2026-12-01T09:05:00.000Z',
    body: 'Your VFS appointment is on 10 December at 9:30.\nBring the original passports.',
  },
];

/** The messages' section: a region named by its heading, holding one list. */
function messagesRegion() {
  const region = screen.getByRole('region', { name: STAFF_MESSAGES_TEXT.title });
  expect(within(region).getByRole('heading', { level: 2, name: STAFF_MESSAGES_TEXT.title })).toBeTruthy();
  return region;
}

describe('StaffMessages', () => {
  it('lists each message staff sent, newest first, with when it was sent and its words', () => {
    render(<StaffMessages messages={MESSAGES} />);
    const region = messagesRegion();
    const items = within(within(region).getByRole('list')).getAllByRole('listitem');
    expect(items).toHaveLength(2);
    const [newest, oldest] = items;
    expect(newest?.textContent).toContain('The consulate confirmed your slot.');
    expect(newest?.querySelector('time')?.getAttribute('dateTime')).toBe('2026-12-03T15:20:00.000Z');
    expect(newest?.querySelector('time')?.textContent).toBe(dateTime('2026-12-03T15:20:00.000Z'));
    // Staff's line break stays a line break.
    expect(oldest?.textContent).toContain(
      'Your VFS appointment is on 10 December at 9:30.\nBring the original passports.',
    );
  });

  it('shows nothing when staff sent no message', () => {
    const { container } = render(<StaffMessages messages={[]} />);
    expect(container.innerHTML).toBe('');
  });
});
