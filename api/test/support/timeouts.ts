// The first suite of each jest worker prepares the shared database (migrations, PSGC places,
// demo seed) in its beforeAll; on a busy 2-core machine that takes longer than jest's 5 s default.
jest.setTimeout(30_000);
export {};
