/**
 * SPEC.md §3 contact enquiry types and topics. The value is what a form posts and the database
 * stores; the label is what a person reads. No zod here: the contact page's browser code
 * imports these lists and must not pull the schema library in with them.
 */
export const ENQUIRY_TYPES = [
  { value: 'new-application', label: 'New application enquiry' },
  { value: 'existing-client', label: 'Existing client' },
] as const;
export type EnquiryType = (typeof ENQUIRY_TYPES)[number]['value'];

export const CONTACT_TOPICS = [
  { value: 'indian-consular-application', label: 'Indian consular application' },
  { value: 'tourist-visa', label: 'Tourist visa' },
  { value: 'nri-services', label: 'NRI services' },
  { value: 'us-immigration', label: 'US immigration' },
  { value: 'photo-service', label: 'Photo service' },
  { value: 'something-else', label: 'Something else' },
] as const;
export type ContactTopic = (typeof CONTACT_TOPICS)[number]['value'];

export function enquiryTypeLabel(value: string): string {
  return ENQUIRY_TYPES.find((t) => t.value === value)?.label ?? value;
}

export function contactTopicLabel(value: string): string {
  return CONTACT_TOPICS.find((t) => t.value === value)?.label ?? value;
}

/** Name of the hidden field people never fill in and form-filling bots do (DESIGN.md §1). */
export const HONEYPOT_FIELD = 'website';

export const CONTACT_MESSAGE_MIN_LENGTH = 10;
export const CONTACT_MESSAGE_MAX_LENGTH = 5000;

/** Enquiries one network address may send within the window, on top of the per-route API limit. */
export const CONTACT_RATE_LIMIT = { max: 5, windowMs: 15 * 60_000 } as const;
