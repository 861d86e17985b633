import type { AddonType } from '../catalog/addons.ts';
import { PHOTO_PROMISE } from '../photos/promise.ts';

/** Whether an add-on is bought for each member it is chosen for, or once for the whole order. */
export type AddOnScope = 'member' | 'order';

export interface AddOnDetails {
  title: AddonType;
  /** The line of the cost summary (SPEC.md §3 sample labels). */
  lineLabel: string;
  subText: string;
  scope: AddOnScope;
  icon: string;
  /**
   * Only for a member whose checklist asks for a photo the SevaPhotos engine fits (an OCI, passport
   * or visa photo): a renunciation or a power of attorney has no such photo for the editor to work.
   */
  needsFittedPhoto: boolean;
}

/**
 * SPEC.md §3's add-on options with real sub-texts (the spec's '2liner texts' are placeholders).
 * Photo enhancement is per member (each applicant has their own photo); expedite and apostille
 * are per order (one rush handling, one apostille of the order's document; decision 0054).
 */
export const ADDON_DETAILS: Record<AddonType, AddOnDetails> = {
  'Photo Enhancement': {
    title: 'Photo Enhancement',
    lineLabel: 'Photo Enhancer',
    subText: `A photo editor checks each applicant’s fitted photo against the official size and background by hand. ${PHOTO_PROMISE.SEVADOCS}`,
    scope: 'member',
    icon: 'image',
    needsFittedPhoto: true,
  },
  Expedite: {
    title: 'Expedite',
    lineLabel: 'Expedite',
    // We check and prepare; the customer files it (the print pack: "SevaDocs never files on a government portal").
    subText:
      'Our team checks your documents and prepares your file ahead of other orders, within one business day of your last document.',
    scope: 'order',
    icon: 'zap',
    needsFittedPhoto: false,
  },
  Apostilled: {
    title: 'Apostilled',
    lineLabel: 'Apostilled',
    // Offered from the USA and Canada alike (the power-of-attorney packages), so it says both: a
    // US apostille still goes to the consulate, a Canadian one replaces its attestation (catalog-facts §5).
    subText:
      'We obtain the apostille on your signed document. From Canada, the apostille takes the place of the consulate’s attestation; from the USA, the consulate still attests the document after it.',
    scope: 'order',
    icon: 'stamp',
    needsFittedPhoto: false,
  },
};

/** A chosen add-on priced by the server: its unit price and how many (members, or 1 for the order). */
export interface PricedAddOn {
  addon: AddonType;
  unitCents: number;
  quantity: number;
}
