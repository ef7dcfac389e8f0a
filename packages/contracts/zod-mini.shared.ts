// What the apps' webpack builds share as 'zod/mini' (webpack.shared.js): only the parts the
// response schemas use, so the validator's core ships once per page, tree-shaken, instead of
// once per app or whole. The API and the tests use zod/mini itself.
// packages/contracts/test/zod-mini-shared.test.ts fails when a response schema uses a name
// missing here: add it to this list.
export { array, boolean, enum, extend, gte, int, literal, lte, nonnegative, nullable, number, object, optional, positive, record, regex, string } from 'zod/v4/mini';
