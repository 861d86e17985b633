import { z } from 'zod';
import { DOCUMENT_UPLOAD_TYPES, PHOTO_MAX_BYTES, type UploadRule } from '../uploads/file-types.ts';

/**
 * What reading a passport's machine-readable zone (ICAO 9303 TD3: two lines of 44 characters on
 * the bio page) gives: the two lines, the passport's fields as the application asks them, and
 * whether each check digit holds. Shared by the server that reads and the browser that shows it
 * (issue 30 §2, decision 0095).
 */

export const MRZ_LINE_LENGTH = 44;

const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);
const countryCode = z.string().regex(/^[A-Z]{2}$/);

/** The passport's fields; null where the zone holds none or could not be read as one. */
export const passportFieldsSchema = z.object({
  surname: z.string().max(44),
  givenNames: z.string().max(44),
  sex: z.enum(['female', 'male']).nullable(),
  dateOfBirth: isoDate.nullable(),
  /** ISO alpha-2; null for a code ISO has no country for (a UN travel document, a stateless person's). */
  nationality: countryCode.nullable(),
  issuingState: countryCode.nullable(),
  passportNumber: z.string().max(9).nullable(),
  expiryDate: isoDate.nullable(),
});
export type PassportFields = z.infer<typeof passportFieldsSchema>;
export type PassportField = keyof PassportFields;

/** The check digits of a TD3 zone: four fields' and the composite over the whole second line. */
export const MRZ_CHECKS = ['passportNumber', 'dateOfBirth', 'expiryDate', 'personalNumber', 'composite'] as const;
export type MrzCheck = (typeof MRZ_CHECKS)[number];

export const mrzLinesSchema = z.tuple([z.string().regex(/^[A-Z0-9<]{44}$/), z.string().regex(/^[A-Z0-9<]{44}$/)]);

export const mrzReadingSchema = z.object({
  lines: mrzLinesSchema,
  fields: passportFieldsSchema,
  checks: z.array(z.object({ check: z.enum(MRZ_CHECKS), valid: z.boolean() })),
  /** Every check digit holds: the numbers and dates are as printed. */
  valid: z.boolean(),
  /** Characters the reading changed from what OCR saw (an O read for a 0) because a check digit confirmed them. */
  corrected: z.number().int(),
});
export type MrzReading = z.infer<typeof mrzReadingSchema>;

/**
 * What the customer confirms (PUT …/members/{memberId}/passport): the zone's lines, which must
 * pass every check digit, and the fields as the customer confirmed them. The fields the check
 * digits vouch for (number, dates) must be the lines'; names, sex and nationality have no check
 * digit, so the customer's correction of a misread letter is what is kept.
 */
export const confirmPassportSchema = z.object({ lines: mrzLinesSchema, fields: passportFieldsSchema });
export type ConfirmPassport = z.infer<typeof confirmPassportSchema>;

/** A member's confirmed reading, as stored and answered. */
export const confirmedPassportSchema = confirmPassportSchema.extend({ confirmedAt: z.string() });
export type ConfirmedPassport = z.infer<typeof confirmedPassportSchema>;

/** The fields a valid zone's check digits vouch for: the confirmed reading must keep the zone's. */
export const CHECKED_FIELDS = [
  'passportNumber',
  'dateOfBirth',
  'expiryDate',
] as const satisfies readonly PassportField[];

/**
 * What the reader takes: a photo of the bio page (JPEG, PNG or HEIC, a phone's full size) or a
 * scan saved as a PDF, whose first page's image is read (decision 0095, "PDF copies").
 */
export const PASSPORT_PAGE_UPLOAD: UploadRule = { types: DOCUMENT_UPLOAD_TYPES, maxBytes: PHOTO_MAX_BYTES };

export const PASSPORT_MESSAGES = {
  read: 'Passport read',
  unreadable:
    'We could not read the passport’s machine-readable zone (the two lines of letters, numbers and < at the bottom of the photo page). Try a sharper photo, straight on, with the whole page in the frame and no glare, or type the details yourself.',
  checksFailed:
    'Some of the passport’s check digits do not match what we read. Compare each value with your passport before you use it.',
  confirmed: 'Passport details confirmed',
  removed: 'Passport reading removed',
  notConfirmable:
    'These passport lines do not pass their check digits, so they cannot be confirmed. Read the passport again or type the details yourself.',
  checkedFieldChanged:
    'The passport number and dates must be as the passport’s machine-readable zone prints them. Read the passport again if they were misread.',
  pdfNotRead:
    'We could not find a scanned page in this PDF. Choose a photo or scan of the passport page (JPEG, PNG or HEIC) instead.',
  busy: 'Passport reading is busy. Please try again in a minute.',
  mismatch: 'Some answers do not match the passport you read. Correct the answers, or read the passport again.',
  none: 'No passport read for this member',
  notMembersName: (passportName: string, memberName: string) =>
    `This passport is in the name of ${passportName}, not ${memberName}. Read ${memberName}’s own passport, or, if the member’s name is wrong, change it in the member’s details on the order page.`,
  numberOfAnotherMember: (otherName: string) =>
    `This passport is already confirmed for ${otherName} on this order. Read this member’s own passport.`,
} as const;
