import { renderToStaticMarkup } from 'react-dom/server';
import { expect, it } from 'vitest';
import { UnbrokenRefs } from './unbroken-refs.tsx';

it('keeps each order reference of a sentence on one line, and the words as they were', () => {
  const html = renderToStaticMarkup(
    <p>
      <UnbrokenRefs text="We received $1,460 for order DOC-62938382. Your photos PHO-12 follow." />
    </p>,
  );
  expect(html).toBe(
    '<p>We received $1,460 for order <span class="whitespace-nowrap">DOC-62938382</span>. Your photos <span class="whitespace-nowrap">PHO-12</span> follow.</p>',
  );
  expect(renderToStaticMarkup(<UnbrokenRefs text="No reference here" />)).toBe('No reference here');
});
