import { z } from 'zod';
import { AUTH_MESSAGES } from '../auth/messages.ts';
import { fullPhoneSchema, personName, phoneCountrySchema } from '../auth/schemas.ts';
import { USER_MESSAGES as U } from './messages.ts';
import { ADDRESS_COUNTRIES, type AddressCountry, isRegionOf } from './regions.ts';

export const ADDRESS_TYPES = ['home', 'work', 'other'] as const;
export type AddressType = (typeof ADDRESS_TYPES)[number];

/** How an address's type reads to the customer and to staff. */
export const ADDRESS_TYPE_LABELS: Record<AddressType, string> = { home: 'Home', work: 'Work', other: 'Other' };

/** Addresses one account may keep. */
export const MAX_ADDRESSES_PER_USER = 20;

/** US ZIP: 5 digits, or ZIP+4. */
export const US_ZIP_PATTERN = /^\d{5}(-\d{4})?$/;
/** Canadian postal code A1A 1A1 (letters D, F, I, O, Q, U never appear; W and Z never first). */
export const CA_POSTAL_PATTERN = /^[ABCEGHJ-NPRSTVXY]\d[ABCEGHJ-NPRSTV-Z] ?\d[ABCEGHJ-NPRSTV-Z]\d$/;

/** The postal code in its usual form ('k1a0b1' → 'K1A 0B1'), or null when it is not valid for the country. */
export function normalizePostalCode(country: AddressCountry, value: string): string | null {
  const code = value.trim().toUpperCase().replace(/\s+/g, ' ');
  if (country === 'US') return US_ZIP_PATTERN.test(code) ? code : null;
  if (!CA_POSTAL_PATTERN.test(code)) return null;
  const compact = code.replace(' ', '');
  return `${compact.slice(0, 3)} ${compact.slice(3)}`;
}

const optionalText = (max: number, message: string) =>
  z
    .string()
    .trim()
    .max(max, message)
    .nullish()
    .transform((v) => (v ? v : null));

/** POST /users/addresses and PUT /users/addresses/{id}: one address of the book. */
export const addressInputSchema = z
  .object({
    type: z.enum(ADDRESS_TYPES, { error: U.addressTypeInvalid }).default('home'),
    fullName: personName,
    addressLine: z
      .string({ error: U.addressLineRequired })
      .trim()
      .min(1, U.addressLineRequired)
      .max(300, U.addressLineTooLong),
    city: z.string({ error: U.cityRequired }).trim().min(1, U.cityRequired).max(100, U.cityTooLong),
    state: z.string({ error: U.stateRequired }).trim().min(1, U.stateRequired).max(10, U.stateInvalid).toUpperCase(),
    postalCode: z.string({ error: U.postalCodeRequired }).trim().min(1, U.postalCodeRequired).max(12, U.zipInvalid),
    country: z.enum(ADDRESS_COUNTRIES, { error: U.countryInvalid }),
    /** Optional contact phone for the courier, '+1-4155550123'; empty means none. */
    phone: optionalText(30, AUTH_MESSAGES.invalidPhone),
    /** The phone's country ('CA'); derived from the number when absent. */
    phoneCountry: phoneCountrySchema.nullish(),
    additionalInfo: optionalText(500, U.additionalInfoTooLong),
    /** Make this the default address (the first address always becomes the default). */
    isDefault: z.boolean().optional(),
  })
  .superRefine((address, ctx) => {
    if (address.phone !== null) {
      const phone = fullPhoneSchema.safeParse(address.phone);
      if (!phone.success) {
        ctx.addIssue({
          code: 'custom',
          path: ['phone'],
          message: phone.error.issues[0]?.message ?? AUTH_MESSAGES.invalidPhone,
        });
      }
    }
    if (!isRegionOf(address.country, address.state)) {
      ctx.addIssue({ code: 'custom', path: ['state'], message: U.stateInvalid });
    }
    if (normalizePostalCode(address.country, address.postalCode) === null) {
      ctx.addIssue({
        code: 'custom',
        path: ['postalCode'],
        message: address.country === 'US' ? U.zipInvalid : U.canadianPostalInvalid,
      });
    }
  })
  .transform((address) => ({
    ...address,
    phoneCountry: address.phone === null ? null : (address.phoneCountry ?? null),
    postalCode: normalizePostalCode(address.country, address.postalCode) ?? address.postalCode,
  }));
export type AddressInput = z.input<typeof addressInputSchema>;
export type ValidAddress = z.output<typeof addressInputSchema>;

/** One address as the API returns it. */
export const addressSchema = z.object({
  id: z.number(),
  type: z.enum(ADDRESS_TYPES),
  fullName: z.string(),
  addressLine: z.string(),
  city: z.string(),
  state: z.string(),
  postalCode: z.string(),
  country: z.enum(ADDRESS_COUNTRIES),
  phone: z.string().nullable(),
  /** The phone's country ('CA'); null without a phone. */
  phoneCountry: z.string().nullable(),
  additionalInfo: z.string().nullable(),
  isDefault: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Address = z.infer<typeof addressSchema>;
