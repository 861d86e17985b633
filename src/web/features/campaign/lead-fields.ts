import { HONEYPOT_FIELD } from '../../../domain/contact/options.ts';
import type { FormRejection } from '../../lib/form-values.ts';

/** The campaign lead form's fields, as the pages' action reads them. */
export const LEAD_FIELDS = ['name', 'email', 'phone', 'travelDate', 'message', HONEYPOT_FIELD] as const;
export type LeadField = (typeof LEAD_FIELDS)[number];
export type LeadActionData = FormRejection<LeadField>;
