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
