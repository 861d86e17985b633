import { HONEYPOT_FIELD } from '../../../domain/contact/options.ts';
import type { FormRejection } from '../../lib/form-values.ts';

/** The contact form's fields, as the page's action reads them. */
export const CONTACT_FIELDS = ['name', 'email', 'phone', 'enquiryType', 'topic', 'message', HONEYPOT_FIELD] as const;
export type ContactField = (typeof CONTACT_FIELDS)[number];

export type ContactActionData = FormRejection<ContactField> | { ok: true; id: number };
