import type { PhotoStep } from '../../../../domain/photos/orders.ts';
import { SECOND_LOOK_SLA_MINUTES } from '../../../../domain/photos/second-look.ts';
import type { PrintCounts } from '../../../../domain/photos/sizes.ts';
import { PHOTO_CHECKS_TEXT } from '../../../components/photo-checks.tsx';

/** The photo order pages' words (decision 0065); the API's own messages come from PHOTO_ORDER_MESSAGES. */
export const FLOW_TEXT = {
  title: 'Your photo order',
  eyebrow: (ref: string) => `Photo order ${ref}`,
  steps: { 1: 'Photos', 2: 'Plan', 3: 'Delivery', 4: 'Review and pay' } satisfies Record<PhotoStep, string>,
  stepOf: (step: number) => `Step ${step} of 4`,
  back: 'Back',
  continue: 'Continue',
  saving: 'Saving…',
  reset: 'Start over',
  resetTitle: 'Start your photo order again?',
  resetDescription:
    'Your items, photos, plan and delivery are removed and you go back to step 1. The order number stays the same.',
  resetConfirm: 'Yes, start over',
  resetKeep: 'Keep my order',
  opening: 'Opening your photo order…',
  moveFailed: 'We could not open that step. Please try again.',
  startFailed: 'We could not open your photo order. Please try again.',
  tryAgain: 'Try again',
} as const;

export const ITEMS_TEXT = {
  heading: 'Your photos',
  lead: 'Add an item for each photo or signature you need, then upload up to four photos for it. We check each one against the size’s rules and fit it.',
  sizeLabel: 'Photo size',
  sizePlaceholder: 'Choose the document and size…',
  add: 'Add item',
  adding: 'Adding…',
  empty: 'No items yet. Choose a photo size above to add your first item.',
  removeItem: 'Remove item',
  removeItemTitle: (title: string) => `Remove ${title}?`,
  removeItemDescription: (photos: number) =>
    `${photos === 1 ? 'Its photo goes' : `Its ${photos} photos go`} with it, with their checks. You can add the item and upload again afterwards.`,
  removeConfirm: 'Remove',
  removeKeep: 'Keep it',
  removeFailed: 'We could not remove it. Please try again.',
  personName: 'Whose photo is this? (optional)',
  personHint: 'A name tells the family’s photos apart on your order, and names the downloads.',
  drop: 'Drag a photo here, or',
  choose: 'choose a photo',
  accepts: (types: string, mb: number) => `${types}, up to ${mb} MB each`,
  full: 'This item has four photos. Remove one to add another.',
  leftOut: (names: readonly string[]) =>
    `An item takes four photos: ${names.join(', ')} ${names.length === 1 ? 'was' : 'were'} not added. Remove a photo to add another, or add another item.`,
  needPhoto: 'Upload at least one photo for every item to continue.',
  uploadFailed: 'The upload did not finish. Please try again.',
  /** Continue pressed while photos are on their way: it waits for them, beside their progress. */
  finishingUploads: 'Finishing your uploads before going on…',
  retryUpload: 'Try again',
  dismissUpload: 'Dismiss',
  addFailed: 'We could not add the item. Please try again.',
  nameFailed: 'We could not save the name. Please try again.',
  removePhoto: (name: string) => `Remove ${name}`,
  removePhotoTitle: (name: string) => `Remove ${name}?`,
  removePhotoDescription: 'Its check and fitted copy go with it. You can upload another photo afterwards.',
  checking: 'Checking your photo against the rules…',
  checkFailed: 'We could not check this photo.',
  ...PHOTO_CHECKS_TEXT,
  original: 'Your photo',
  fitted: 'Fitted result',
  figures: (w: number, h: number, kb: number, head: number | null) =>
    `${w} × ${h} px · ${kb} KB${head === null ? '' : ` · head ${head} %`}`,
  notFitted: 'No fitted result: fix what the check lists and upload the photo again.',
  loadSizes: 'the photo sizes',
} as const;

export const PLAN_TEXT = {
  heading: 'Choose your plan',
  lead: 'Every plan includes the check and the fit of each photo. Prices are per item unless marked.',
  plan: 'Plan',
  options: 'Extras',
  perItem: 'per item',
  perOrder: 'per order',
  backgroundNote:
    // The OCI and Indian e-Visa photos allow it (photo-specs.md): "visa authorities refuse edited photos" contradicted the e-Visa's.
    'Background Change is offered only when every size in your order allows a plain background to be evened out, as the OCI and Indian e-Visa photos do. Passport photos and other sizes whose authority refuses edited photos never get it.',
  pickupNotWithPrint: 'Pickup is for Digital Copy orders: print copies delivered to home already include the prints.',
  /** After pickup's own description, where it is offered: a Canadian address has no studio to pick up from. */
  pickupWhere: 'At Walgreens and CVS photo counters in the US only.',
  loadPlans: 'the plans',
  saveFailed: 'We could not save your choice. Please try again.',
  currency: 'Prices in',
  currencies: { USD: 'US dollars (USD)', CAD: 'Canadian dollars (CAD)' },
  currencyHint: 'Paying from Canada? Choose Canadian dollars: every price is in them, and so is your payment.',
} as const;

export const DELIVERY_TEXT = {
  saveFailed: 'We could not save the delivery. Please try again.',
  heading: 'Delivery',
  /** Nothing to deliver, said by what the order has: a print sheet comes only with a printed size. */
  digital: ({ printed, filesOnly }: PrintCounts) =>
    printed === 0
      ? 'Your sizes are used as files only, never printed: your fitted files are downloads on your order page, so there is nothing to deliver.'
      : `Your plan is a Digital Copy: your fitted photos and ${printed === 1 ? 'the print sheet' : 'the print sheets'}${filesOnly > 0 ? (printed === 1 ? ' of the printed size' : ' of the printed sizes') : ''} are downloads on your order page, so there is nothing to deliver.`,
  pickupLead: 'Pick up your prints at a photo counter near you.',
  chain: 'Photo studio',
  pinCode: 'Pin code',
  pinHint: '5 digits: the ZIP code of the studio you want',
  addressLine: 'Studio address',
  message: 'Message for the studio (optional)',
  homeLead: 'Where should we send your prints?',
  chooseAddress: 'Choose a saved address',
  default: 'Default',
  noAddresses: 'No saved addresses yet. Add one to continue.',
  addAddress: 'Add a new address',
  useAddress: 'Deliver here',
  saveAndContinue: 'Save and continue',
  back: 'Back',
  loadAddresses: 'your addresses',
} as const;

/** A photo of an item that has nothing to deliver: checked with nothing fitted (`found`: what the check found), or not checked. */
export type UnusablePhoto = { name: string; checked: true; found: string | null } | { name: string; checked: false };

const unusableWords = (photo: UnusablePhoto) =>
  !photo.checked
    ? `we could not check ${photo.name}`
    : `${photo.name} was checked and could not be fitted${photo.found ? ` (${photo.found})` : ''}`;

export const REVIEW_TEXT = {
  heading: 'Review and pay',
  items: 'Items',
  plan: 'Plan',
  delivery: 'Delivery',
  coupon: 'Coupon',
  edit: (what: string) => `Edit ${what}`,
  digitalOnly: 'Digital copy: downloads on your order page',
  pickupAt: (chain: string, pin: string, addressLine: string) =>
    addressLine ? `Pickup at ${chain}, ${addressLine} (${pin})` : `Pickup at ${chain}, ${pin}`,
  studioNote: (message: string) => `Note for the studio: “${message}”`,
  homeTo: (name: string) => `Delivered to ${name}`,
  photos: (n: number) => (n === 1 ? '1 photo' : `${n} photos`),
  loadingCheckout: 'Loading checkout…',
  payNote: 'You pay the total above. Your fitted photos are ready to download as soon as the payment is confirmed.',
  /** …when a photo waits for a person (asked for, or borderline): its file is held as its prints are (held-preview.ts). */
  payNoteHeld:
    'You pay the total above. Once the payment is confirmed, your fitted photos are ready to download, except a photo a person checks: it is ready once they approve it, and any prints wait for that approval too.',
  /**
   * An item none of whose photos could be checked or fitted: the server asks for a photo before
   * payment. Each photo is said as it is: checked with nothing fitted (and what the check found,
   * "no face found"), or not checked at all.
   */
  unusableHeading: 'A photo needs replacing',
  unusable: (label: string, photos: readonly UnusablePhoto[]) =>
    photos.length === 0
      ? `${label} has no photo yet.`
      : `${label}: ${photos.map(unusableWords).join('; ')}, so there is nothing to print or download. Upload another photo before you pay.`,
  uploadAnother: 'Upload another photo',
  /** An item made from its other photos: the ones left out, said before paying. */
  notUsedHeading: 'A photo we will not use',
  notUsed: (label: string, photos: readonly UnusablePhoto[]) =>
    `${label}: ${photos.map(unusableWords).join('; ')}. We make this item from its other photos; nothing is charged for the one left out.`,
} as const;

/** The review step's failing photos (issue 31 §3): a retake, or the customer's choice, before paying. */
export const FAILED_TEXT = {
  heading: (n: number) => (n === 1 ? 'A photo failed a rule' : `${n} photos failed a rule`),
  lead: 'The authority may refuse a photo that fails a rule. Take a new photo, or tell us what to do before you pay.',
  thumbnail: (name: string) => `Fitted photo: ${name}`,
  rule: (label: string, measured: string, expected: string) => `${label}: ${measured} (needed: ${expected})`,
  question: (name: string) => `What should we do with ${name}?`,
  retake: 'Take a new photo',
  /** True of a digital order as of prints: the file is held as well (held-preview.ts), not only the prints. */
  personCheckHint: `A person at SevaPhotos checks it within ${SECOND_LOOK_SLA_MINUTES / 60} business hours of your payment. You can download it once they approve it, and any prints wait until then too.`,
  acceptRiskHint: 'We deliver it as it is, knowing the authority may refuse it.',
  saving: 'Saving your choice…',
  saved: 'Your choice is saved.',
  failed: 'We could not save your choice. Please try again.',
  reminder: (n: number) =>
    n === 1
      ? 'Before you pay: choose what to do with the photo that failed a rule.'
      : `Before you pay: choose what to do with the ${n} photos that failed a rule.`,
  reminderLink: 'Go to the photo',
  printsHeld: 'Your prints wait until a person approves the photo you asked us to check.',
} as const;

export const PAID_TEXT = {
  status: 'Status',
  placed: 'Placed',
  downloads: 'Your photos',
  downloadsLead: 'Each photo is fitted to its size’s exact pixels, as a JPEG under the portal’s file-size limit.',
  download: (label: string) => `Download ${label}`,
  printSheet: 'Download a 4×6 in print sheet (print it at any photo counter)',
  /** Said after a held photo's description: the stripes are on purpose. */
  stripedAlt: ', under stripes until a person approves it',
  noDownloads: 'No fitted photos in this order.',
  timeline: 'Photo order started',
  summary: 'Cost summary',
  secondLook: 'A person’s check',
} as const;
