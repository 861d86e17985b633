/** The words of the check on /photos (check first, account later). */
export const CHECK_TEXT = {
  title: 'Check your photo now, free',
  loading: 'Loading the photo check…',
  lead: 'No account needed. Choose the document, upload a photo taken at home, and see every rule it meets or misses with the fitted result. We keep it privately for this browser for 24 hours; you sign in only to order.',
  sizeLabel: 'Document',
  fileLabel: 'Your photo (JPEG, PNG or HEIC, up to 15 MB)',
  submit: 'Check my photo',
  checking: 'Checking your photo…',
  uploading: (percent: number) => `Uploading… ${percent} %`,
  failed: 'We could not check your photo. Please try again.',
  fileRequired: 'Choose a photo to check.',
  verdictTitle: 'Your photo check',
  original: 'Your photo',
  fitted: 'Fitted to the size',
  notFitted: 'Could not be fitted: see the first rule to fix.',
  kept: (until: string) => `Kept privately for this browser until ${until}.`,
  order: 'Order this photo',
  another: 'Check another photo',
  /** One check is kept per browser: a family's second photo replaces the first. */
  anotherReplaces:
    'A new check replaces this one. To keep this photo, order it first: you can add the family’s other photos to the same order.',
  /** A photo that failed a rule but was fitted: it may be ordered, with a choice before paying. */
  orderFailing:
    'You can still order this photo: before you pay, you choose to have a person check it or to accept that it may be refused.',
  /** Nothing was fitted (no face found): there is nothing to order, so the way on is another photo. */
  cannotOrder:
    'This photo cannot be ordered: nothing could be fitted from it. Fix what the check lists, then check another photo.',
} as const;
