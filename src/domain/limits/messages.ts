/** User-visible messages of the global layout (SPEC.md §2, §8). */
export const LAYOUT_MESSAGES = {
  tollFreeCopied: 'Toll-free number copied!',
  errorPage: 'Error Page',
} as const;
