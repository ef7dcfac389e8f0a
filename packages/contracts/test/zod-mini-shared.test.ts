import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import * as shared from '../zod-mini.shared';

const SRC = join(__dirname, '..', 'src');

test("every zod/mini function a response schema calls is in the apps' shared zod/mini module", () => {
  const used = new Set<string>();
  for (const file of readdirSync(SRC).filter((f) => f.endsWith('.responses.ts'))) {
    const source = readFileSync(join(SRC, file), 'utf8');
    // z.<name>( is a call; z.infer<...> and other types are erased.
    for (const match of source.matchAll(/\bz\.([A-Za-z]+)\(/g)) used.add(match[1] as string);
  }
  expect(used.size).toBeGreaterThan(5);
  const missing = [...used].filter((name) => typeof (shared as Record<string, unknown>)[name] !== 'function');
  expect(missing).toEqual([]);
});
