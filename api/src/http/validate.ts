import type { z } from 'zod';
import { badRequest } from '../errors';

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
 * The strict parser of a JSON request body for a form, built once per schema (a new zod schema
 * compiles its parser on first use, which costs more than the rest of a route). No body counts as
 * an empty object; a body that is not an object, or that carries fields the schema does not know,
 * is refused (text the database cannot hold, such as NUL, was refused before any route:
 * http/text-guard.ts). The first complaint only is the 400's message, as the form would word it
 * (the contracts carry SPEC's messages).
 */
export function bodyParser<S extends z.ZodObject>(schema: S): (body: unknown) => z.output<S> {
  const strict = schema.strict();
  return (body) => {
    const input = body === undefined ? {} : body;
    if (typeof input !== 'object' || input === null || Array.isArray(input)) throw badRequest('The request body must be a JSON object');
    const result = strict.safeParse(input);
    if (result.success) return result.data as z.output<S>;
    const issue = result.error.issues[0];
    if (!issue) throw badRequest('Invalid request');
    if (issue.code === 'unrecognized_keys') throw badRequest(`Unexpected field: ${issue.keys.slice(0, 3).join(', ').slice(0, 100)}`);
    throw badRequest(issue.message);
  };
}

const parsers = new WeakMap<z.ZodObject, (body: unknown) => unknown>();

/** bodyParser(schema)(body), with the parser kept per schema: for routes that name the schema inline. */
export function parseBody<S extends z.ZodObject>(schema: S, body: unknown): z.output<S> {
  let parse = parsers.get(schema);
  if (!parse) {
    parse = bodyParser(schema);
    parsers.set(schema, parse);
  }
  return parse(body) as z.output<S>;
}
