import { badRequest } from '../errors';

/** A route id: plain decimal digits 1..2^31-1 only ("0x10", "1e3", " 7" are not ids). */
export function parseRouteId(raw: unknown, message: string): number {
  if (typeof raw !== 'string' || !/^\d{1,10}$/.test(raw)) throw badRequest(message);
  const n = Number(raw);
  if (n < 1 || n > 2_147_483_647) throw badRequest(message);
  return n;
}
