import type { PhotoRule } from '../../../../domain/photos/compliance.ts';

/**
 * The /photos page's copy. What a check means is said per rule of the compliance engine, so a
 * rule added to COMPLIANCE_RULES cannot be left off the page's "what we check" list (TypeScript asks).
 */
export const RULE_MEANINGS: Record<PhotoRule, string> = {
  'one-face': 'Only you in the photo: no one else in the frame, nothing covering your face.',
  'head-height': 'Your head, crown to chin, takes the share of the photo your document asks for.',
  'eye-line': 'Your eyes sit at the height your document asks for.',
  tilt: 'Your head is level, not tipped to one side.',
  centred: 'Your face is in the middle of the photo.',
  background: 'The wall behind you is plain, light and even.',
  sharpness: 'The photo is in focus, not blurred by a moving hand.',
  shadow: 'Both sides of your face are evenly lit, with no strong shadow on one side.',
  resolution: 'The photo has enough pixels for your size, so nothing is blown up.',
  signature: 'For an OCI signature: dark ink strokes on white paper, not a blank page or a photo of a face.',
  'thumb-impression':
    'For the thumb impression a child under 5 gives in place of an OCI signature: an inked thumb on white paper, not a blank page or a photo of a face.',
};

export const HOW_IT_WORKS = [
  {
    title: 'Upload a phone photo',
    body: 'Stand in front of a plain, light wall and have someone take a photo at eye level. JPEG, PNG or an iPhone’s HEIC, up to four photos per document.',
  },
  {
    title: 'We check it against the rules',
    body: 'Every check is shown with what we measured and what your document asks for. If one fails, you get a plain fix, such as “move back a little”.',
  },
  {
    title: 'We fit it to the exact size',
    body: 'Cropped around your face to the right proportions, resized to the exact pixels and saved as a JPEG under the portal’s file-size limit.',
  },
  {
    title: 'Download, get prints or pick up',
    body: 'A digital copy ready to upload, prints delivered to your home, or prints to pick up at a photo studio near you.',
  },
] as const;
