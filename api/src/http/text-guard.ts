// Text PostgreSQL cannot store is refused before any route (docs/requests.md).
import type { RequestHandler } from 'express';
import { badRequest } from '../errors';

export const NUL_MESSAGE = 'Text must not contain NUL characters';
export const SURROGATE_MESSAGE = 'Text must be valid Unicode (no unpaired surrogate characters)';
export const MALFORMED_URL_MESSAGE = 'Malformed URL';

/** A UTF-16 surrogate without its partner: no Unicode character, so no UTF-8 text either. */
const UNPAIRED_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** Why PostgreSQL's UTF-8 text could not hold `text` (U+0000, an unpaired surrogate), or null when it can. */
export function textProblem(text: string): string | null {
  if (text.includes('\u0000')) return NUL_MESSAGE;
  if (UNPAIRED_SURROGATE.test(text)) return SURROGATE_MESSAGE;
  return null;
}

/**
 * The first problem of any string in a parsed JSON value, object keys included. Walked with a list
 * rather than recursion: a body nested deeper than any limit is still read whole (the body's size
 * limit bounds the work).
 */
export function badTextIn(value: unknown): string | null {
  const pending: unknown[] = [value];
  while (pending.length > 0) {
    const item = pending.pop();
    if (typeof item === 'string') {
      const problem = textProblem(item);
      if (problem) return problem;
    } else if (Array.isArray(item)) {
      for (const element of item) pending.push(element);
    } else if (item !== null && typeof item === 'object') {
      for (const [key, element] of Object.entries(item)) {
        const problem = textProblem(key);
        if (problem) return problem;
        pending.push(element);
      }
    }
  }
  return null;
}

/**
 * The problem of a request target (path and query string) as sent: percent-encoding that is not
 * UTF-8 ("%ZZ", a lone "%C3", an encoded surrogate "%ED%A0%80"), or text that decodes to U+0000.
 */
export function badTextInUrl(target: string): string | null {
  // Node's parser refuses a raw NUL in the request line: without a %, there is nothing to decode.
  if (!target.includes('%')) return null;
  let decoded: string;
  try {
    decoded = decodeURIComponent(target);
  } catch {
    return MALFORMED_URL_MESSAGE;
  }
  return textProblem(decoded);
}

/**
 * One check for every route, after the body parsers and before any router: a path, query string
 * or JSON body (keys too) carrying text PostgreSQL cannot store is a 400 here, so no route needs
 * a check of its own and no query fails on it.
 */
export function refuseBadText(): RequestHandler {
  return (req, _res, next) => {
    const problem = badTextInUrl(req.originalUrl) ?? badTextIn(req.body);
    next(problem === null ? undefined : badRequest(problem));
  };
}
