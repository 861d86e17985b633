/**
 * The classes of a link or button that stands on its own, not inside a sentence: at least 24 CSS px
 * tall, WCAG 2.5.8's minimum target. A small text link is 17–20 px, easy to miss with a thumb on a
 * phone; the height is added around its text, so it looks as it did.
 */
export const TAP_TARGET = 'inline-flex min-h-6 items-center';
