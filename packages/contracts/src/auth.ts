import { z } from 'zod';
import type { SessionUser } from './session';

/** SPEC §9 / §5: shared by the client forms and the server checks. */
export const PASSWORD_MIN_LENGTH = 6;
export const RESET_CODE_LENGTH = 6;
export const SUFFIXES = ['', 'Jr', 'Sr', 'II', 'III'] as const;
export const GENDERS = ['Male', 'Female', 'Other'] as const;

const email = z.string().trim().max(254).email('Invalid email format');

export const loginRequestSchema = z.object({
  email: z.string().trim().min(1, 'Email is required').max(254),
  password: z.string().min(1, 'Password is required').max(1024),
});
export type LoginRequest = z.infer<typeof loginRequestSchema>;
export interface LoginResponse { success: true; user: SessionUser }

export const googleLoginRequestSchema = z.object({ credential: z.string().min(1).max(8192) });
export type GoogleLoginResponse = { success: true } & SessionUser;

/** SPEC §3 registration record; ids are PSGC codes. */
export const registerRequestSchema = z.object({
  first_name: z.string().trim().min(1, 'First name is required').max(80),
  last_name: z.string().trim().min(1, 'Last name is required').max(80),
  middle_initial: z.string().regex(/^[A-Z]?$/, 'Middle initial must be a letter A-Z or none'),
  suffix: z.enum(SUFFIXES),
  gender: z.enum(GENDERS, 'Gender is required'),
  region_id: z.string().regex(/^\d{9,10}$/, 'Region is required'),
  province_id: z.string().regex(/^\d{9,10}$/, 'Province is required'),
  city_id: z.string().regex(/^\d{9,10}$/, 'City/Municipality is required'),
  barangay_id: z.string().regex(/^\d{9,10}$/, 'Barangay is required'),
  house_address: z.string().trim().min(1, 'House address is required').max(200),
  email,
  password: z.string().min(PASSWORD_MIN_LENGTH, 'Password must be at least 6 characters').max(1024),
});
export type RegisterRequest = z.infer<typeof registerRequestSchema>;

export const LOCATION_TYPES = ['regions', 'provinces', 'cities', 'barangays'] as const;
export type LocationType = (typeof LOCATION_TYPES)[number];
export interface LocationItem { id: string; name: string }

export const passwordResetRequestSchema = z.object({ email });
export const verifyResetCodeSchema = z.object({ email, code: z.string().regex(/^\d{6}$/, 'Invalid code.') });
export const resetPasswordSchema = verifyResetCodeSchema.extend({
  password: z.string().min(PASSWORD_MIN_LENGTH, 'Password must be at least 6 characters.').max(1024),
});

export interface SuccessResponse { success: true }
