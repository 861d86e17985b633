// @vitest-environment jsdom
import { render, screen } from '@testing-library/react';
import { expect, it } from 'vitest';
import { cleanupAfterEach } from '../../testing/dom.tsx';
import { ChatButton } from './chat-button.tsx';

cleanupAfterEach();

it('is a named link in its own landmark, which is the room at the page’s foot for the lifted button', () => {
  render(<ChatButton number="15551234567" />);
  const link = screen.getByRole('link', { name: 'Chat with us on WhatsApp' });
  expect(link.className).toBe('chat-fab');
  // app.css gives .chat-fab-room the lift's height (--chat-fab-lift), below the footer.
  expect(screen.getByRole('complementary', { name: 'Chat' }).className).toBe('chat-fab-room');
});
