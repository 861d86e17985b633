import { HONEYPOT_FIELD } from '../../../domain/contact/options.ts';
import type { FormRejection } from '../../lib/form-values.ts';

/**
 * The contact form's fields, as the page's action reads them. The phone comes as the picker's
 * dial code and country (`countryCode`, `phoneCountry`) and the number typed beside them.
 */
export const CONTACT_FIELDS = [
  'name',
  'email',
  'countryCode',
  'phoneCountry',
  'phone',
  'enquiryType',
  'topic',
  'message',
  HONEYPOT_FIELD,
] as const;
export type ContactField = (typeof CONTACT_FIELDS)[number];
export type ContactFormValues = Record<ContactField, string>;

/** A refused post, or the sent enquiry's reference and the address its acknowledgement went to. */
export type ContactActionData = FormRejection<ContactField> | { ok: true; reference: string; email: string };
