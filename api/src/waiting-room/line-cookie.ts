import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Response } from 'express';
import type { Config } from '../config';

/**
 * A place in an event's line, kept by the browser so that a waiting page's poll finds it without
 * reading the line: the account, the place's number in the event's line, and when its pass ends (0
 * before the turn came), with an HMAC over them and the event. Value: `<account>.<place>.<pass end,
 * epoch seconds>.<HMAC-SHA256, base64url>`; cookie `line-<event id>`, HttpOnly, SameSite=Lax, whole
 * site (the seat calls are under /backend/api). Only the API that signed it can make one, and it is
 * worth nothing to another account. It names the place only: whether a pass holds is read from the
 * place's row whenever it matters, since a cookie kept after leaving or paying can be sent again
 * (docs/waiting-room.md).
 */
export interface LinePlace {
  userId: number;
  seq: number;
  /** Epoch ms the pass ends; 0 = no pass yet. */
  passEndsAt: number;
}

export const lineCookieName = (eventId: number): string => `line-${eventId}`;

const mac = (secret: string, eventId: number, payload: string): Buffer => createHmac('sha256', secret).update(`line-place:${eventId}:${payload}`).digest();

export function signLinePlace(secret: string, eventId: number, place: LinePlace): string {
  const payload = `${place.userId}.${place.seq}.${Math.floor(place.passEndsAt / 1000)}`;
  return `${payload}.${mac(secret, eventId, payload).toString('base64url')}`;
}

const VALUE = /^([1-9]\d{0,9})\.([1-9]\d{0,15})\.(\d{1,12})\.([A-Za-z0-9_-]{43})$/;

/** The place a cookie value names when this API signed it for this event and this account; else null. */
export function linePlaceOf(secret: string, eventId: number, value: unknown, userId: number): LinePlace | null {
  if (typeof value !== 'string') return null;
  const match = VALUE.exec(value);
  if (!match) return null;
  const [, account, seq, passEnd, signature] = match as unknown as [string, string, string, string, string];
  if (Number(account) !== userId) return null;
  if (!timingSafeEqual(mac(secret, eventId, `${account}.${seq}.${passEnd}`), Buffer.from(signature, 'base64url'))) return null;
  return { userId, seq: Number(seq), passEndsAt: Number(passEnd) * 1000 };
}

/** The request's line cookie for the event, if any. */
export function lineCookieOf(req: { cookies?: unknown }, eventId: number): unknown {
  return (req.cookies as Record<string, unknown> | undefined)?.[lineCookieName(eventId)];
}

/** Keeps the place for a day (a line outlives no sale); a pass in it ends by its own time. */
const KEEP_MS = 24 * 3600 * 1000;

export function setLineCookie(res: Response, config: Pick<Config, 'cookieSecure'>, eventId: number, value: string): void {
  res.cookie(lineCookieName(eventId), value, { httpOnly: true, sameSite: 'lax', secure: config.cookieSecure, path: '/', maxAge: KEEP_MS });
}

export function clearLineCookie(res: Response, config: Pick<Config, 'cookieSecure'>, eventId: number): void {
  res.clearCookie(lineCookieName(eventId), { httpOnly: true, sameSite: 'lax', secure: config.cookieSecure, path: '/' });
}
