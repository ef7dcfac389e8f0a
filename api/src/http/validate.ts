import type { z } from 'zod';
import { badRequest } from '../errors';
import { assertNoNul } from './nul-guard';

/**
 * Parses request input with a contracts schema; a failure becomes a 400 with `message`
 * (or a readable summary of the schema's complaints).
 */
export function parseInput<S extends z.ZodType>(schema: S, input: unknown, message?: string): z.output<S> {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  throw badRequest(message ?? result.error.issues.map((i) => (i.path.length ? `${i.path.join('.')}: ${i.message}` : i.message)).join('; '));
}

/**
 * Parses a JSON request body for a form: the first complaint only, as the form would word it
 * (the contracts carry SPEC's messages). No body counts as an empty object; a body that is not
 * an object, that carries fields the schema does not know, or NUL characters, is refused.
 */
// schema.strict() builds a new schema each call; request bodies reuse one per schema.
const strictSchemas = new WeakMap<z.ZodObject, z.ZodObject>();
function strictOf(schema: z.ZodObject): z.ZodObject {
  let strict = strictSchemas.get(schema);
  if (!strict) {
    strict = schema.strict();
    strictSchemas.set(schema, strict);
  }
  return strict;
}

export function parseBody<S extends z.ZodObject>(schema: S, body: unknown): z.output<S> {
  const input = body === undefined ? {} : body;
  if (typeof input !== 'object' || input === null || Array.isArray(input)) throw badRequest('The request body must be a JSON object');
  assertNoNul(input);
  const result = strictOf(schema).safeParse(input);
  if (result.success) return result.data as z.output<S>;
  const issue = result.error.issues[0];
  if (!issue) throw badRequest('Invalid request');
  if (issue.code === 'unrecognized_keys') throw badRequest(`Unexpected field: ${issue.keys.slice(0, 3).join(', ').slice(0, 100)}`);
  throw badRequest(issue.message);
}
