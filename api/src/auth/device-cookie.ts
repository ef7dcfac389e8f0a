import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Response } from 'express';
import type { Config } from '../config';

/**
 * Device cookies (OWASP "Slow down online guessing attacks with device cookies"): a browser that
 * signed in to an account gets a long-lived cookie naming the account and a random device id, with
 * an HMAC. Presented again at login for the same account, it lets the attempt skip the delay that
 * failures from elsewhere put on the account (it has its own small failure limit instead).
 *
 * Value: `<account id>.<device id>.<expiry, epoch seconds>.<HMAC-SHA256, base64url>`. HttpOnly,
 * SameSite=Lax, whole site; over HTTPS Secure and named `__Host-device` like the session cookie.
 */
export function deviceCookieName(config: Pick<Config, 'cookieSecure'>): string {
  return config.cookieSecure ? '__Host-device' : 'device';
}

/** The request's device cookie under the configured name, if any. */
export function deviceCookieOf(config: Pick<Config, 'cookieSecure'>, req: { cookies?: unknown }): unknown {
  return (req.cookies as Record<string, unknown> | undefined)?.[deviceCookieName(config)];
}

const mac = (secret: string, payload: string): Buffer => createHmac('sha256', secret).update(`device-cookie:${payload}`).digest();

/** A signed device cookie value for the account, device and expiry given. */
export function signDeviceCookie(secret: string, accountId: number, deviceId: string, expiresAt: Date): string {
  const payload = `${accountId}.${deviceId}.${Math.floor(expiresAt.getTime() / 1000)}`;
  return `${payload}.${mac(secret, payload).toString('base64url')}`;
}

const VALUE = /^([1-9]\d{0,9})\.([A-Za-z0-9_-]{22})\.(\d{1,12})\.([A-Za-z0-9_-]{43})$/;

/** The device id of a cookie this API signed for this account and that has not expired; else null. */
export function deviceOf(secret: string, value: unknown, accountId: number, now: number = Date.now()): string | null {
  if (typeof value !== 'string') return null;
  const match = VALUE.exec(value);
  if (!match) return null;
  const [, account, deviceId, expires, signature] = match as unknown as [string, string, string, string, string];
  const expected = mac(secret, `${account}.${deviceId}.${expires}`);
  if (!timingSafeEqual(expected, Buffer.from(signature, 'base64url'))) return null;
  if (Number(account) !== accountId || Number(expires) * 1000 <= now) return null;
  return deviceId;
}

/** Sets a new device cookie for the account (after a successful sign-in). */
export function setDeviceCookie(res: Response, config: Pick<Config, 'cookieSecure' | 'deviceCookie'>, accountId: number): void {
  const maxAge = config.deviceCookie.ttlSeconds * 1000;
  const value = signDeviceCookie(config.deviceCookie.secret, accountId, randomBytes(16).toString('base64url'), new Date(Date.now() + maxAge));
  res.cookie(deviceCookieName(config), value, { httpOnly: true, sameSite: 'lax', secure: config.cookieSecure, path: '/', maxAge });
}

/** Removes this browser's device cookie (the account it names is gone). */
export function clearDeviceCookie(res: Response, config: Pick<Config, 'cookieSecure'>): void {
  res.clearCookie(deviceCookieName(config), { httpOnly: true, sameSite: 'lax', secure: config.cookieSecure, path: '/' });
}
