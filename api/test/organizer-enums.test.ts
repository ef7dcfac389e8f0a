// The organizer area's enumerations (packages/contracts/src/organizer-enums.ts) and the audit
// trail's actions (api/src/audit) are the values the database's CHECK constraints allow: one list,
// held against the SQL here.
import { CHECKIN_RESULTS } from '@sports/contracts';
import { AUDIT_TRAIL_ACTIONS } from '../src/audit/log-action';
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

  /** The quoted values of the list (= ANY (ARRAY[...])) in the CHECK constraint `name` of `table`. */
  async function allowed(table: string, name: string): Promise<string[]> {
    const { rows } = await app.db.query<{ def: string }>(
      `SELECT pg_get_constraintdef(oid) AS def FROM pg_constraint WHERE conrelid = $1::regclass AND contype = 'c' AND conname = $2`,
      [table, name],
    );
    expect(rows).toHaveLength(1);
    const list = /= ANY \(ARRAY\[([^\]]*)\]\)/.exec(rows[0]?.def ?? '')?.[1] ?? '';
    return [...list.matchAll(/'([^']+)'::text/g)].map((m) => m[1] as string);
  }

  it.each([
    ['audit_trail', 'audit_trail_action_check', AUDIT_TRAIL_ACTIONS],
    // A refused scan's answer: every check-in answer but the check-in itself.
    ['audit_trail', 'audit_trail_checkin_refusal', CHECKIN_RESULTS.filter((r) => r !== 'checked_in')],
  ] as const)('%s %s', async (table, name, values) => {
    expect((await allowed(table, name)).sort()).toEqual([...values].sort());
  });
});
