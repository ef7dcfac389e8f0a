// The organizer area's enumerations (packages/contracts/src/organizer-enums.ts) are the values the
// database's CHECK constraints allow: one list, held against the SQL here.
import { CHECKIN_LOG_ACTIONS, CHECKIN_LOG_RESULTS, ORGANIZER_AUDIT_ACTIONS } from '@sports/contracts';
import { startTestApp } from './support/helpers';
import type { TestApp } from './support/helpers';

describe('organizer enumerations and the SQL checks', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp();
  }, 60_000);
  afterAll(async () => {
    await app.stop();
  });

  /** The quoted values of the CHECK constraint on `table` that mentions `column`. */
  async function allowed(table: string, column: string): Promise<string[]> {
    const { rows } = await app.db.query<{ def: string }>(
      `SELECT pg_get_constraintdef(oid) AS def FROM pg_constraint WHERE conrelid = $1::regclass AND contype = 'c' AND pg_get_constraintdef(oid) LIKE '%(' || $2 || ' = ANY%'`,
      [table, column],
    );
    expect(rows).toHaveLength(1);
    return [...(rows[0]?.def ?? '').matchAll(/'([^']+)'::text/g)].map((m) => m[1] as string);
  }

  it.each([
    ['checkin_log', 'action', CHECKIN_LOG_ACTIONS],
    ['checkin_log', 'result', CHECKIN_LOG_RESULTS],
    ['organizer_audit_log', 'action', ORGANIZER_AUDIT_ACTIONS],
  ] as const)('%s.%s', async (table, column, values) => {
    expect((await allowed(table, column)).sort()).toEqual([...values].sort());
  });
});
