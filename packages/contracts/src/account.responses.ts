import * as z from 'zod/mini';
import { GENDERS, SUFFIXES } from './limits';

/** A profile's gender: one of GENDERS, or '' when none was given (a Google sign-up). */
const PROFILE_GENDERS = ['', ...GENDERS] as const;
const positiveInt = () => z.int().check(z.positive());
const instant = () => z.nullable(z.string());

/** The caller's own account, as My Account edits it. Address fields are '' when none was given (a Google sign-up). */
export const profileSchema = z.object({
  email: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  middle_initial: z.string(),
  suffix: z.enum(SUFFIXES),
  gender: z.enum(PROFILE_GENDERS),
  region_id: z.string(),
  province_id: z.string(),
  city_id: z.string(),
  barangay_id: z.string(),
  house_address: z.string(),
  role_name: z.string(),
  /** false for an account that signs in with Google only. */
  has_password: z.boolean(),
  google_linked: z.boolean(),
});
export type Profile = z.infer<typeof profileSchema>;

/** GET and PUT /api/my/profile. */
export const profileResponseSchema = z.object({ success: z.literal(true), profile: profileSchema });
export type ProfileResponse = z.infer<typeof profileResponseSchema>;

const place = () => z.nullable(z.object({ code: z.string(), name: z.string() }));

/** GET /api/my/data: everything stored about the caller (a copy under the Data Privacy Act), as a JSON download. */
export const myDataResponseSchema = z.object({
  success: z.literal(true),
  exportedAt: z.string(),
  account: z.object({
    id: positiveInt(),
    accountNo: z.string(),
    email: z.string(),
    firstName: z.string(),
    lastName: z.string(),
    middleInitial: z.nullable(z.string()),
    suffix: z.nullable(z.string()),
    gender: z.nullable(z.string()),
    address: z.nullable(
      z.object({ region: place(), province: place(), city: place(), barangay: place(), house: z.string() }),
    ),
    role: z.string(),
    status: z.string(),
    hasPassword: z.boolean(),
    emailConfirmedAt: instant(),
    createdAt: z.string(),
    lastLoginAt: instant(),
  }),
  googleIdentities: z.array(z.object({ subject: z.string(), email: z.nullable(z.string()), linkedAt: z.string() })),
  orders: z.array(
    z.object({
      id: positiveInt(),
      event: z.object({ id: positiveInt(), title: z.string(), startsAt: z.string() }),
      section: z.string(),
      status: z.string(),
      seats: z.array(z.int()),
      totalAmount: z.number(),
      paymentMethod: z.nullable(z.string()),
      createdAt: z.string(),
      paidAt: instant(),
      releasedAt: instant(),
    }),
  ),
  tickets: z.array(
    z.object({
      id: z.string(),
      code: z.string(),
      orderId: positiveInt(),
      seat: z.int(),
      /** Held as the buyer, or received from someone. */
      heldAs: z.enum(['buyer', 'recipient']),
      transferredAt: instant(),
      checkedInAt: instant(),
    }),
  ),
  transfers: z.object({
    sent: z.array(z.object({ id: positiveInt(), ticketId: z.string(), toEmail: z.string(), state: z.string(), sentAt: z.string(), claimedAt: instant(), revokedAt: instant() })),
    received: z.array(z.object({ id: positiveInt(), ticketId: z.string(), newTicketId: z.nullable(z.string()), state: z.string(), sentAt: z.string(), claimedAt: instant() })),
  }),
  reviews: z.array(
    z.object({ id: positiveInt(), eventId: positiveInt(), rating: z.int(), body: z.string(), createdAt: z.string(), response: z.nullable(z.string()), respondedAt: instant() }),
  ),
  feedback: z.array(z.object({ id: positiveInt(), rating: z.int(), comment: z.string(), createdAt: z.string() })),
  inquiries: z.array(
    z.object({ id: positiveInt(), name: z.string(), email: z.string(), message: z.string(), createdAt: z.string(), response: z.nullable(z.string()), respondedAt: instant() }),
  ),
  sessions: z.array(z.object({ startedAt: z.string(), expiresAt: z.string(), endedAt: instant() })),
  emailConfirmations: z.array(z.object({ sentAt: z.string(), expiresAt: z.string(), usedAt: instant() })),
  passwordResets: z.array(z.object({ requestedAt: z.string(), usedAt: instant() })),
});
export type MyDataResponse = z.infer<typeof myDataResponseSchema>;
