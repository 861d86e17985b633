// @vitest-environment jsdom
import { screen } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { cleanupAfterEach, installBrowserStubs, renderWithRouter } from '../../testing/dom.tsx';
import { CheckInbox } from './check-inbox.tsx';

beforeAll(installBrowserStubs);
cleanupAfterEach();

const EMAIL = 'walk-photo.mxcycnfc1@example.com';

describe('Check your inbox', () => {
  it('keeps the full stop with the address, so on a phone no line starts with it', async () => {
    renderWithRouter(
      <CheckInbox email={EMAIL} signInControl={<a href="/signin">Sign in</a>} onChangeAddress={() => {}} />,
    );
    const address = await screen.findByText(EMAIL);
    expect(address.tagName).toBe('STRONG');
    const sentence = address.closest('p') as HTMLParagraphElement;
    expect(sentence.textContent).toContain(`to ${EMAIL}. Open the link in it`);
    // The address goes to a line of its own before it breaks (decision 0176), its full stop with it…
    const block = address.parentElement as HTMLElement;
    expect(block.className).toContain('inline-block');
    expect(block.textContent).toBe(`${EMAIL}.`);
    // …so no part of the sentence after it starts with punctuation.
    const texts = [...sentence.childNodes].filter((node) => node.nodeType === Node.TEXT_NODE);
    expect(texts.filter((node) => /^\s*[.,;:]/.test(node.textContent ?? ''))).toEqual([]);
    // It breaks after its @, not mid-word.
    expect(address.querySelector('wbr')?.previousSibling?.textContent).toBe('walk-photo.mxcycnfc1@');
  });
});
