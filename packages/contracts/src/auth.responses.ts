import * as z from 'zod/mini';
import { sessionUserSchema } from './session.responses';

/** POST /api/login.php -> the SPEC §3 session object (the session cookie comes with it). */
export const loginResponseSchema = z.object({ success: z.literal(true), user: sessionUserSchema });

/** POST /api/google-login.php -> SPEC §7: the session fields at the top level. */
export const googleLoginResponseSchema = z.extend(sessionUserSchema, { success: z.literal(true) });

/** GET /api/auth-config: what the login screen needs to offer social sign-in. */
export const authConfigResponseSchema = z.object({ success: z.literal(true), googleClientId: z.nullable(z.string()) });

/**
 * SPEC §3 "Location item". `independentCity` marks a province-level place that is one city (a
 * highly urbanized city such as Quezon City): its only city is itself, so the form does not ask again.
 */
export const locationItemSchema = z.object({ id: z.string(), name: z.string(), independentCity: z.optional(z.literal(true)) });
export type LocationItem = z.infer<typeof locationItemSchema>;
/** GET /api/locations.php: SPEC §7's plain array (not wrapped in `{ success }`). */
export const locationsResponseSchema = z.array(locationItemSchema);
