// @vitest-environment jsdom
import { fireEvent, render, screen } from '@testing-library/react';
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

it('steps aside while the page is scrolled down, and is back on the way up and at the page’s foot', () => {
  render(<ChatButton number="15551234567" />);
  const link = screen.getByRole('link', { name: 'Chat with us on WhatsApp' });
  Object.defineProperty(document.documentElement, 'scrollHeight', { configurable: true, value: 5000 });
  const scrollTo = (y: number) => {
    Object.defineProperty(window, 'scrollY', { configurable: true, value: y });
    fireEvent.scroll(window);
  };
  scrollTo(400);
  expect(link.hasAttribute('data-scrolled-away')).toBe(true);
  // A jitter of a few pixels is no direction.
  scrollTo(396);
  expect(link.hasAttribute('data-scrolled-away')).toBe(true);
  scrollTo(300);
  expect(link.hasAttribute('data-scrolled-away')).toBe(false);
  scrollTo(1200);
  expect(link.hasAttribute('data-scrolled-away')).toBe(true);
  // At the foot, the footer keeps room for it.
  scrollTo(5000 - window.innerHeight);
  expect(link.hasAttribute('data-scrolled-away')).toBe(false);
});
