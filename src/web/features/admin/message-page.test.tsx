// @vitest-environment jsdom
import { act, fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { AdminMessageDetail } from '../../../domain/admin/messages.ts';
import { cleanupAfterEach, fakeApi, installBrowserStubs, ok, renderWithRouter } from '../../testing/dom.tsx';
import { MessagePage } from './message-page.tsx';

installBrowserStubs();
cleanupAfterEach();

const detail: AdminMessageDetail = {
  message: {
    id: 5,
    reference: 'ENQ-7KD2QX',
    name: 'Priya Sharma',
    email: 'priya@example.com',
    phone: '+1-4155550123',
    enquiryType: 'Existing client',
    topic: 'Tourist visa',
    message: 'My e-visa shows the wrong passport number.',
    createdAt: '2026-11-20T10:00:00.000Z',
    handled: false,
    handledAt: null,
    replyCount: 0,
  },
  replies: [],
};

describe('a contact message page', () => {
  it('checks the reply with the API schema, sends it with the handled choice, and clears the box', async () => {
    const api = fakeApi({
      'POST /api/v1/admin/messages/5/reply': () => ok({ ...detail.message, replyCount: 1 }, 'Reply sent'),
    });
    renderWithRouter(<MessagePage detail={detail} />);
    const box = await screen.findByRole('textbox', { name: 'Your reply to priya@example.com' });
    await act(async () => fireEvent.change(box, { target: { value: 'ok' } }));
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Send reply' })));
    expect(screen.getByText('The reply should be at least 10 characters')).toBeTruthy();
    expect(api.calls).toEqual([]);

    await act(async () => fireEvent.change(box, { target: { value: 'Could you send the passport data page?' } }));
    await act(async () => fireEvent.click(screen.getByRole('checkbox', { name: 'Mark the message handled' })));
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Send reply' })));
    expect(await screen.findByText('Reply sent')).toBeTruthy();
    expect(api.calls.map((c) => [c.method, c.path, c.body])).toEqual([
      [
        'POST',
        '/api/v1/admin/messages/5/reply',
        { body: 'Could you send the passport data page?', markHandled: false },
      ],
    ]);
    expect((box as HTMLTextAreaElement).value).toBe('');
  });

  it('marks the message handled without a reply', async () => {
    const api = fakeApi({
      'PATCH /api/v1/admin/messages/5/handled': () => ok({ ...detail.message, handled: true }, 'Marked as handled'),
    });
    renderWithRouter(<MessagePage detail={detail} />);
    const mark = await screen.findByRole('button', { name: 'Mark handled without replying' });
    await act(async () => fireEvent.click(mark));
    expect(await screen.findByText('Marked as handled')).toBeTruthy();
    expect(api.calls.map((c) => c.body)).toEqual([{ handled: true }]);
  });
});
