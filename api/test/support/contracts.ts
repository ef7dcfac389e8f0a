import * as z from 'zod/mini';

/** A response schema that also refuses fields it does not name (the API sends nothing extra). */
export function strict<S extends z.ZodMiniObject>(schema: S): z.ZodMiniObject<S['shape'], z.core.$strict> {
  return z.strictObject(schema.shape);
}
