import { z } from 'zod';
import { ENQUIRY_REFERENCE, referencePattern } from '../api/reference.ts';
import { phoneCountrySchema } from '../auth/schemas.ts';
import { choiceField, emailField, honeypotField, longTextField, nameField, phoneField } from './fields.ts';
import { CONTACT_MESSAGES } from './messages.ts';
import {
  CONTACT_MESSAGE_MAX_LENGTH,
  CONTACT_MESSAGE_MIN_LENGTH,
  CONTACT_TOPICS,
  type ContactTopic,
  ENQUIRY_TYPES,
  type EnquiryType,
} from './options.ts';

const enquiryTypes = ENQUIRY_TYPES.map((t) => t.value) as [EnquiryType, ...EnquiryType[]];
const topics = CONTACT_TOPICS.map((t) => t.value) as [ContactTopic, ...ContactTopic[]];

/** POST /api/v1/contact/user-info and the /contact form: one schema, both places. */
export const contactEnquirySchema = z.object({
  name: nameField,
  email: emailField,
  /** With its calling code ('+1-4165550123', '+1 (416) 555-0123'), or national with phoneCountry. */
  phone: phoneField,
  /** The country picked with the phone ('CA'); derived from the number when absent. */
  phoneCountry: z.preprocess((v) => (v === '' || v === null ? undefined : v), phoneCountrySchema.optional()),
  enquiryType: choiceField(enquiryTypes, CONTACT_MESSAGES.enquiryTypeRequired),
  topic: choiceField(topics, CONTACT_MESSAGES.topicRequired),
  message: longTextField(
    {
      required: CONTACT_MESSAGES.messageRequired,
      tooShort: CONTACT_MESSAGES.messageTooShort,
      tooLong: CONTACT_MESSAGES.messageTooLong,
    },
    CONTACT_MESSAGE_MIN_LENGTH,
    CONTACT_MESSAGE_MAX_LENGTH,
  ),
  website: honeypotField.optional(),
});
export type ContactEnquiryInput = z.infer<typeof contactEnquirySchema>;

/** What a sent enquiry answers: its reference (never the row id, which would count enquiries). */
export const contactEnquiryReceiptSchema = z.object({
  reference: z.string().regex(referencePattern(ENQUIRY_REFERENCE)),
  createdAt: z.date(),
});
export type ContactEnquiryReceipt = z.infer<typeof contactEnquiryReceiptSchema>;

/** GET /api/v1/contact/contact-info: how to reach the company. */
export const contactInfoSchema = z.object({
  companyName: z.string(),
  tollFreeNumber: z.string(),
  supportEmail: z.string(),
  whatsappNumber: z.string(),
  whatsappUrl: z.string(),
  hours: z.array(z.object({ days: z.string(), time: z.string() })),
  responseTime: z.string(),
  mailingAddress: z.string(),
  socialLinks: z.array(z.object({ id: z.string(), name: z.string(), url: z.string() })),
});
export type ContactInfo = z.infer<typeof contactInfoSchema>;
