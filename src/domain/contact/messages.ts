import { CONTACT_MESSAGE_MAX_LENGTH, CONTACT_MESSAGE_MIN_LENGTH } from './options.ts';

/**
 * Messages of the public forms (contact, refund request, campaign leads). The name, e-mail and
 * phone texts are SPEC.md §5's; the rest are ours. Shared by the zod schemas and the pages.
 */
export const FIELD_MESSAGES = {
  nameRequired: 'Name is required',
  nameBlank: 'Name should not be empty or contain only spaces',
  nameTooShort: 'Name should be at least 3 characters',
  nameTooLong: 'Name should not exceed 200 characters',
  nameLetters: 'Name should contain only alphabetic characters',
  emailRequired: 'Email is required',
  emailInvalid: 'Please enter a valid email address',
  phoneInvalid: 'Enter valid phone number',
} as const;

export const CONTACT_MESSAGES = {
  enquiryTypeRequired: 'Please choose whether this is a new application enquiry or you are an existing client',
  topicRequired: 'Please choose a topic',
  messageRequired: 'Please tell us how we can help',
  messageTooShort: `Message should be at least ${CONTACT_MESSAGE_MIN_LENGTH} characters`,
  messageTooLong: `Message should not exceed ${CONTACT_MESSAGE_MAX_LENGTH} characters`,
  received: 'Thank you. Your message has reached our support team and we will reply within one business day.',
  referenceLabel: 'Your reference',
  copySent: (email: string) =>
    `We have e-mailed a copy to ${email}. Please quote your reference if you call or write to us about this message.`,
  rateLimited: 'You have sent several messages in a short time. Please wait a few minutes before sending another.',
  honeypot: 'We could not accept this form. Please reload the page and try again.',
  fixErrors: 'Please correct the highlighted fields.',
} as const;
