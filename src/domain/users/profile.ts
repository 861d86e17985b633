import { z } from 'zod';
import { AUTH_MESSAGES as M } from '../auth/messages.ts';
import { fullPhoneSchema, personName, phoneCountrySchema, strongPassword } from '../auth/schemas.ts';
import { USER_MESSAGES as U } from './messages.ts';

/** The age groups of the profile's General tab (SPEC.md §3: user details include ageGroup). */
export const AGE_GROUPS = ['Under 18', '18-25', '26-40', '41-60', 'Over 60'] as const;
export type AgeGroup = (typeof AGE_GROUPS)[number];

/** DESIGN.md §1 roles. */
export const USER_ROLES = ['customer', 'staff', 'admin'] as const;
export type UserRole = (typeof USER_ROLES)[number];

/** GET /users/profile data. Dates are ISO 8601 strings on the wire. */
export const profileSchema = z.object({
  id: z.number(),
  name: z.string(),
  email: z.string(),
  phone: z.string(),
  /** The phone's country ('CA'): as picked, else derived from the number; null when no country has its code. */
  phoneCountry: z.string().nullable(),
  ageGroup: z.enum(AGE_GROUPS).nullable(),
  referralCode: z.string(),
  role: z.enum(USER_ROLES),
  emailVerified: z.boolean(),
  isDashboardVisible: z.boolean(),
  createdAt: z.string(),
});
export type Profile = z.infer<typeof profileSchema>;

/**
 * PATCH /users/profile: any of name, phone ('+1-4155550123') with its country ('CA', optional:
 * derived from the number when absent) and ageGroup (null clears it).
 */
export const profileUpdateSchema = z
  .object({
    name: personName.optional(),
    phone: fullPhoneSchema.optional(),
    phoneCountry: phoneCountrySchema.optional(),
    ageGroup: z.enum(AGE_GROUPS, { error: U.invalidAgeGroup }).nullable().optional(),
  })
  .refine((v) => v.name !== undefined || v.phone !== undefined || v.ageGroup !== undefined, U.nothingToUpdate)
  .refine((v) => v.phoneCountry === undefined || v.phone !== undefined, {
    path: ['phone'],
    message: M.fieldRequired,
  });
export type ProfileUpdate = z.input<typeof profileUpdateSchema>;

/** POST /users/check-password. */
export const checkPasswordSchema = z.object({
  password: z.string({ error: U.currentPasswordRequired }).min(1, U.currentPasswordRequired).max(1024),
});

const currentPassword = z.string({ error: U.currentPasswordRequired }).min(1, U.currentPasswordRequired).max(1024);

/** POST /users/update-password: the new password follows the sign-up strength rule. */
export const updatePasswordSchema = z.object({ currentPassword, newPassword: strongPassword });

/** The Password tab as the browser validates it. */
export const updatePasswordFormSchema = z
  .object({
    currentPassword,
    newPassword: strongPassword,
    confirmPassword: z.string({ error: M.fieldRequired }).min(1, M.fieldRequired),
  })
  .refine((form) => form.newPassword === form.confirmPassword, {
    path: ['confirmPassword'],
    message: M.passwordsDoNotMatch,
  });

/** The age group as stored (free text in the table), or null when it is not one of ours. */
export function toAgeGroup(value: string | null): AgeGroup | null {
  return (AGE_GROUPS as readonly string[]).includes(value ?? '') ? (value as AgeGroup) : null;
}
