import { z } from 'zod';
import { GENDERS, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH, SUFFIXES } from './limits';
import { EMAIL_CONFIRMATION_MESSAGES } from './email-confirmation';
import { requiredText } from './text';

/**
 * A text field: `required` when it is missing or empty, `wrongType` when it is not a string.
 * (zod's own wording names types, which is not what a person filling a form should read.)
 */
function text(required: string, label: string) {
  return z.string({ error: (issue) => (issue.input === undefined || issue.input === null ? required : `${label} must be text`) });
}

const email = text('Email is required', 'Email').trim().min(1, 'Email is required').max(254, 'Email is too long').email('Invalid email format');

export const loginRequestSchema = z.object({
  email: text('Email is required', 'Email').trim().min(1, 'Email is required').max(254, 'Email is too long'),
  password: text('Password is required', 'Password').min(1, 'Password is required').max(PASSWORD_MAX_LENGTH, 'Password is too long'),
});
export type LoginRequest = z.infer<typeof loginRequestSchema>;

export const googleLoginRequestSchema = z.object({
  credential: text('credential is required', 'credential').min(1, 'credential is required').max(8192, 'credential is too long'),
});

/** PSGC codes are 10 digits (the contract also accepts the older 9-digit form). */
const psgcCode = (required: string) => text(required, required.replace(/ is required$/, '')).regex(/^\d{9,10}$/, required);

/** SPEC §3 registration record; ids are PSGC codes. The server refuses any other field. */
export const registerRequestSchema = z.object({
  first_name: requiredText({ required: 'First name is required', label: 'First name', max: 80 }),
  last_name: requiredText({ required: 'Last name is required', label: 'Last name', max: 80 }),
  middle_initial: text('Middle initial must be a letter A-Z or none', 'Middle initial').regex(/^[A-Z]?$/, 'Middle initial must be a letter A-Z or none'),
  suffix: z.enum(SUFFIXES, 'Suffix must be none, Jr, Sr, II or III'),
  gender: z.enum(GENDERS, 'Gender is required'),
  region_id: psgcCode('Region is required'),
  province_id: psgcCode('Province is required'),
  city_id: psgcCode('City/Municipality is required'),
  barangay_id: psgcCode('Barangay is required'),
  house_address: requiredText({ required: 'House address is required', label: 'House address', max: 200 }),
  email,
  password: text('Password is required', 'Password')
    .min(1, 'Password is required')
    .min(PASSWORD_MIN_LENGTH, 'Password must be at least 6 characters')
    .max(PASSWORD_MAX_LENGTH, 'Password is too long'),
});
export type RegisterRequest = z.infer<typeof registerRequestSchema>;

/** POST /api/auth/confirm-email: the token of the link mailed at registration (32 random bytes, base64url). */
export const confirmEmailRequestSchema = z.object({
  token: z.string({ error: EMAIL_CONFIRMATION_MESSAGES.linkDead }).regex(/^[A-Za-z0-9_-]{43}$/, EMAIL_CONFIRMATION_MESSAGES.linkDead),
});
export type ConfirmEmailRequest = z.infer<typeof confirmEmailRequestSchema>;

/** POST /api/auth/resend-confirmation: the same answer whatever the address's state. */
export const resendConfirmationRequestSchema = z.object({ email });

export const LOCATION_TYPES = ['regions', 'provinces', 'cities', 'barangays'] as const;
export type LocationType = (typeof LOCATION_TYPES)[number];

/** GET /api/locations.php query: `id` (the parent's PSGC code) for every type but regions. */
export const locationsQuerySchema = z.object({
  type: z.enum(LOCATION_TYPES, `type must be one of: ${LOCATION_TYPES.join(', ')}`),
  id: z.string().max(20, 'id is too long').optional(),
});

export const passwordResetRequestSchema = z.object({ email });
export const verifyResetCodeSchema = z.object({
  email,
  code: z.string({ error: 'Invalid code.' }).regex(/^\d{6}$/, 'Invalid code.'),
});
export const resetPasswordSchema = verifyResetCodeSchema.extend({
  password: text('Password is required', 'Password')
    .min(PASSWORD_MIN_LENGTH, 'Password must be at least 6 characters.')
    .max(PASSWORD_MAX_LENGTH, 'Password is too long.'),
});
