import type { Response } from 'express';
import type * as z from 'zod/mini';

/**
 * When on, every answer sent with sendJson is checked against its contract before it leaves:
 * the API test suites turn it on (a route that drifts from the schema the apps check fails
 * there), production does not pay for it.
 */
let checkAnswers = false;
export function checkAnswersAgainstContracts(on: boolean): void {
  checkAnswers = on;
}

/**
 * Sends `body` as JSON. Its type comes from the response schema in @sports/contracts, the same
 * schema the api-client checks the answer with, so the route and the apps cannot disagree.
 */
export function sendJson<S extends z.ZodMiniType>(res: Response, schema: S, body: z.output<S>, status = 200): void {
  if (checkAnswers) assertContract(res, schema, body);
  res.status(status).json(body);
}

/**
 * Sends JSON that is already text (an answer stored to be replayed byte for byte, such as an
 * idempotent payment's), checked like sendJson's: when checking is on, the text is parsed and
 * held to `schema`.
 */
export function sendJsonText(res: Response, schema: z.ZodMiniType, text: string, status: number): void {
  if (checkAnswers) assertContract(res, schema, JSON.parse(text));
  res.status(status).type('application/json').send(text);
}

function assertContract(res: Response, schema: z.ZodMiniType, body: unknown): void {
  const result = schema.safeParse(body);
  if (!result.success) throw new Error(`${res.req.method} ${res.req.path}: the answer breaks its contract: ${JSON.stringify(result.error.issues).slice(0, 500)}`);
}
