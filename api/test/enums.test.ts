import {
  ACCOUNT_STATUSES,
  DISCOUNT_KINDS,
  EVENT_STATUSES,
  GENRES,
  OFFERABLE_CATEGORIES,
  ORDER_STATUSES,
  PAYMENT_METHODS,
  PROMO_CODE_KINDS,
  ROLE_NAMES,
  TICKET_CATEGORIES,
  TRANSFER_STATES,
} from '@sports/contracts';
import { migrate } from '../src/db';
import { freshSchema } from './support/helpers';
import type { FreshSchema } from './support/helpers';

/** The quoted values of the CHECK constraint on `table.column` that lists them (`col IN (...)` or `col = ANY (ARRAY[...])`). */
async function checkedValues(s: FreshSchema, table: string, column: string): Promise<string[]> {
  const { rows } = await s.db.query<{ def: string }>(
    `SELECT pg_get_constraintdef(c.oid) AS def FROM pg_constraint c
     WHERE c.conrelid = $1::regclass AND c.contype = 'c'`,
    [table],
  );
  const lists = rows.map((r) => r.def).filter((def) => def.startsWith(`CHECK ((${column} = ANY (ARRAY[`));
  expect(lists).toHaveLength(1);
  return [...(lists[0] as string).matchAll(/'([^']*)'::text/g)].map((m) => m[1] as string).sort();
}

describe('enumerations of @sports/contracts against the database checks', () => {
  let s: FreshSchema;
  beforeAll(async () => {
    s = await freshSchema();
    await migrate(s.db);
  });
  afterAll(async () => {
    await s.drop();
  });

  it.each([
    ['roles', 'name', ROLE_NAMES],
    ['users', 'status', ACCOUNT_STATUSES],
    ['events', 'status', EVENT_STATUSES],
    ['events', 'genre', GENRES],
    ['orders', 'status', ORDER_STATUSES],
    ['orders', 'payment_method', PAYMENT_METHODS],
    ['ticket_transfers', 'state', TRANSFER_STATES],
    ['order_seats', 'category', TICKET_CATEGORIES],
    ['order_seats', 'discount_kind', DISCOUNT_KINDS],
    ['event_ticket_categories', 'category', OFFERABLE_CATEGORIES],
    ['promo_codes', 'kind', PROMO_CODE_KINDS],
  ])('%s.%s allows exactly the shared values', async (table, column, values) => {
    expect(await checkedValues(s, table, column)).toEqual([...values].sort());
  });
});
