// Written by scripts/photos/make-landing-examples.ts; example-figures.test.ts checks the files.
export const EXAMPLE_FIGURES = {
  sizeId: 'us-2x2',
  documentType: 'US passport or visa, or Indian passport prints',
  before: { path: '/photos/example-before.jpg', widthPx: 480, heightPx: 640, bytes: 8165 },
  after: { path: '/photos/example-after.jpg', widthPx: 600, heightPx: 600, bytes: 12497, headPercent: 60 },
} as const;
