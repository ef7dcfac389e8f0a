// The request's path ids and query strings, read the same way by every route.
import type { z } from 'zod';
import { badRequest } from '../errors';
import { parseInput } from './validate';

const ID_TEXT = /^\d{1,10}$/;
const ID_MAX = 2_147_483_647;

/** true for an id as a path or query carries it: plain decimal digits ("0x10", "1e3", " 7" and "-1" are not ids). */
export function isIdText(raw: unknown): raw is string {
  return typeof raw === 'string' && ID_TEXT.test(raw);
}

/** A route id: plain decimal digits, 1..2^31-1; anything else is a 400 with `message`. */
export function parseRouteId(raw: unknown, message: string): number {
  if (!isIdText(raw)) throw badRequest(message);
  const n = Number(raw);
  if (n < 1 || n > ID_MAX) throw badRequest(message);
  return n;
}

/**
 * A query string through a contracts schema. Text the database cannot hold (NUL, bad
 * percent-encoding) was refused before any route (http/text-guard.ts).
 */
export function parseQuery<S extends z.ZodType>(schema: S, raw: unknown, message?: string): z.output<S> {
  return parseInput(schema, raw, message);
}
