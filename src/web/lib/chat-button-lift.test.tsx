// @vitest-environment jsdom
import { act, fireEvent, render } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanupAfterEach, installBrowserStubs } from '../testing/dom.tsx';
import { CHAT_LIFT_VARIABLE, liftChatButtonAbove } from './chat-button-lift.ts';

let stubObserver: typeof ResizeObserver;
beforeAll(() => {
  installBrowserStubs();
  stubObserver = globalThis.ResizeObserver;
});
cleanupAfterEach();
afterEach(() => {
  globalThis.ResizeObserver = stubObserver;
});

const lift = () => document.documentElement.style.getPropertyValue(CHAT_LIFT_VARIABLE);
const barHeight = (px: number) => vi.spyOn(HTMLElement.prototype, 'offsetHeight', 'get').mockReturnValue(px);

/** A ResizeObserver whose callbacks the test runs, as the browser does when the bar's size changes. */
function observeResizes(): () => void {
  const callbacks: (() => void)[] = [];
  globalThis.ResizeObserver = class {
    constructor(callback: () => void) {
      callbacks.push(callback);
    }
    observe() {}
    disconnect() {}
  } as unknown as typeof ResizeObserver;
  return () =>
    act(() => {
      for (const callback of callbacks) callback();
    });
}

const Bar = ({ position }: { position: 'sticky' | 'static' }) => <div ref={liftChatButtonAbove} style={{ position }} />;

describe('liftChatButtonAbove', () => {
  it('lifts the chat button by a sticky bar’s height while the bar is mounted, and no longer once it goes', () => {
    observeResizes();
    barHeight(77);
    const { unmount } = render(<Bar position="sticky" />);
    expect(lift()).toBe('77px');
    unmount();
    expect(lift()).toBe('');
  });

  it('follows the bar’s height as its row wraps (a status beside the buttons on a phone)', () => {
    const resize = observeResizes();
    barHeight(77);
    render(<Bar position="sticky" />);
    barHeight(101);
    resize();
    expect(lift()).toBe('101px');
  });

  it('lifts nothing above a bar that is not pinned to the screen (the desk width’s static one)', () => {
    observeResizes();
    barHeight(52);
    render(<Bar position="static" />);
    expect(lift()).toBe('');
  });

  it('has the chat button step aside while the page is scrolled down, back on the way up, at the foot, and once the bar goes', () => {
    observeResizes();
    barHeight(77);
    // The chat button as the shell draws it (chat-button.tsx; its own test holds the class).
    render(
      <a className="chat-fab" href="https://wa.me/15551234567">
        Chat
      </a>,
    );
    const { unmount } = render(<Bar position="sticky" />);
    const button = document.querySelector('.chat-fab') as HTMLElement;
    const away = () => button.hasAttribute('data-scrolled-away');
    Object.defineProperty(document.documentElement, 'scrollHeight', { configurable: true, value: 5000 });
    const scrollTo = (y: number) => {
      Object.defineProperty(window, 'scrollY', { configurable: true, value: y });
      fireEvent.scroll(window);
    };
    scrollTo(400);
    expect(away()).toBe(true);
    // A jitter of a few pixels is no direction.
    scrollTo(396);
    expect(away()).toBe(true);
    scrollTo(300);
    expect(away()).toBe(false);
    scrollTo(1200);
    expect(away()).toBe(true);
    // At the foot, the footer keeps room for it.
    scrollTo(5000 - window.innerHeight);
    expect(away()).toBe(false);
    scrollTo(1200);
    scrollTo(1600);
    expect(away()).toBe(true);
    unmount();
    expect(away()).toBe(false);
    scrollTo(2000);
    expect(away()).toBe(false);
  });
});
