// The on-sale bench's buyers (bench/lib/onsale-buyers.cjs) as a smoke test, against the running
// stack: 30 signed-in buyers arrive within 3 s at a fresh event of 21 seats on its own seat plan,
// each doing what the booking pages do (event, seat map, grid refreshed while choosing, hold of two
// seats, choosing again after a seat was taken, payment, the paid order). More want seats than
// there are, so the event sells out and the last buyers are told so. Then the same with the
// event's waiting room switched on for 2 shoppers at once: 8 buyers wait their turn in line. Figures
// are the bench's job (npm run bench:onsale); here the sale must simply be right.
import { lineInDatabase, runBuyers, saleInDatabase, waitForTicketMails } from '../bench/lib/onsale-buyers.cjs';
import type { Query } from '../bench/lib/onsale-buyers.cjs';
import { DEMO, DEMO_PASSWORD } from './support/accounts';
import { apiUrl } from './support/browser';
import { queryDb } from './support/db';

jest.setTimeout(60_000);

const BUYERS = 30;
const ROWS = 3;
const COLUMNS = 7;
const SEATS = ROWS * COLUMNS;

const query: Query = (sql, params) => queryDb(sql, params);

/** A fresh approved event of the demo organizer with its own seat plan of `rows` x `columns` seats. */
async function smallEvent(stamp: string, rows: number, columns: number): Promise<number> {
  const [event] = await queryDb<{ id: number }>(
    `INSERT INTO events (genre, title, description, starts_at, has_time, price, status, organizer_user_id)
     SELECT 'sports', $1, 'The on-sale smoke test', now() + interval '45 days', true, 300, 'Approved', id FROM users WHERE email = $2 RETURNING id`,
    [`On-sale smoke ${stamp}`, DEMO.organizer],
  );
  const eventId = event!.id;
  await queryDb(
    `INSERT INTO event_seat_plans (event_id, seat_rows, seat_columns, updated_at, updated_by) SELECT $1, $2, $3, now(), id FROM users WHERE email = $4`,
    [eventId, rows, columns, DEMO.organizer],
  );
  return eventId;
}

/** `count` confirmed participants with the demo password, signed in through the login call: their session cookies. */
async function signedInBuyers(stamp: string, count: number): Promise<string[]> {
  const users = await queryDb<{ email: string }>(
    `INSERT INTO users (email, password_hash, first_name, last_name, role_id, status, email_confirmed_at)
     SELECT 'onsale-' || $1 || '-' || g || '@example.com', (SELECT password_hash FROM users WHERE email = $2), 'Fan', 'Number ' || g,
            (SELECT id FROM roles WHERE name = 'Participant'), 'Active', now()
     FROM generate_series(1, $3::int) g ORDER BY g RETURNING email`,
    [stamp, DEMO.visitor, count],
  );
  const cookies: string[] = [];
  for (let i = 0; i < users.length; i += 3) cookies.push(...(await Promise.all(users.slice(i, i + 3).map((u) => signIn(u.email)))));
  return cookies;
}

/** Signs `email` in through POST /api/login.php; its session cookie. */
async function signIn(email: string): Promise<string> {
  const response = await fetch(`${apiUrl()}/api/login.php`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ email, password: DEMO_PASSWORD }) });
  const cookie = response.headers.getSetCookie().map((c) => c.split(';')[0] ?? '').find((c) => c.startsWith('session='));
  if (response.status !== 200 || !cookie) throw new Error(`sign-in of ${email}: ${response.status} ${await response.text()}`);
  return cookie;
}

it('sells a small event out to 30 buyers at once: no errors, no seat sold twice, every buyer bought or was told it is sold out', async () => {
  const stamp = `${Date.now()}-${Math.floor(Math.random() * 1e6)}`;
  const eventId = await smallEvent(stamp, ROWS, COLUMNS);
  const cookies = await signedInBuyers(stamp, BUYERS);

  const run = await runBuyers({
    bases: [apiUrl()],
    eventId,
    cookies,
    arrivalMs: 3_000,
    chooseMs: [300, 1_500],
    rethinkMs: [100, 400],
    // Shorter than the page's 4 s, so that buyers refresh the grid while they choose.
    refreshMs: 500,
    timeoutMs: 30_000,
  });

  expect(run.errors).toEqual([]);
  expect(run.bought + run.soldOut).toBe(BUYERS);
  expect(run.soldOut).toBeGreaterThan(0);
  expect(run.seatsBought).toBe(SEATS);
  expect(run.gridAnswers[200] + run.gridAnswers[304]).toBeGreaterThan(BUYERS);
  // No line: every buyer asked once and was told there is none.
  expect(run.line).toMatchObject({ polls: BUYERS, open: BUYERS, waited: 0, admitted: 0, sentBack: 0 });

  const sale = await saleInDatabase(query, eventId);
  expect(sale.seatsSoldTwice).toBe(0);
  expect(sale.paidOrders).toBe(run.bought);
  expect(sale.paidSeats).toBe(SEATS);
  expect(sale.unpaidHolds).toBe(0);
  const paid = await queryDb<{ id: number }>(`SELECT id FROM orders WHERE event_id = $1 AND status = 'paid' ORDER BY id`, [eventId]);
  expect(paid.map((o) => o.id)).toEqual([...run.orders].sort((a, b) => a - b));

  // Every paid order's tickets are mailed (the development transport keeps them in mail_outbox).
  const mailed = await waitForTicketMails(query, eventId, 10_000);
  expect(mailed).toMatchObject({ drained: true, ordersMailed: run.bought, ticketMails: run.bought });
});

it('lets 8 buyers through a waiting room of 2 shoppers: each waits its turn, buys or is told it is sold out, and none is refused a hold', async () => {
  const buyers = 8;
  const seats = 2 * 5;
  const stamp = `${Date.now()}-${Math.floor(Math.random() * 1e6)}`;
  const eventId = await smallEvent(stamp, 2, 5);
  const cookies = await signedInBuyers(stamp, buyers);
  const admin = await signIn(DEMO.admin);
  const switched = await fetch(`${apiUrl()}/api/admin/events/${eventId}/waiting-room`, {
    method: 'PUT',
    headers: { Cookie: admin, 'Content-Type': 'application/json' },
    body: JSON.stringify({ on: true, shoppers: 2 }),
  });
  expect(await switched.json()).toMatchObject({ success: true, waitingRoom: { on: true, active: true, shoppers: 2 } });

  const run = await runBuyers({
    bases: [apiUrl()],
    eventId,
    cookies,
    arrivalMs: 300,
    chooseMs: [300, 1_000],
    rethinkMs: [100, 400],
    refreshMs: 500,
    timeoutMs: 100_000,
  });

  expect(run.errors).toEqual([]);
  expect(run.bought + run.soldOut).toBe(buyers);
  expect(run.soldOut).toBeGreaterThan(0);
  expect(run.seatsBought).toBe(seats);
  // All arrive within 0.3 s and only 2 shop at once: most wait, and each is let in, in turn, or told
  // in line that it sold out; those let in who then find it sold out leave the line.
  expect(run.line).toMatchObject({ open: 0, stuck: 0, rose: 0, sentBack: 0 });
  expect(run.line.admitted + run.line.toldSoldOut).toBe(buyers);
  expect(run.line.left).toBe(run.soldOut - run.line.toldSoldOut);
  expect(run.line.waited).toBeGreaterThanOrEqual(buyers - 2);

  const sale = await saleInDatabase(query, eventId);
  expect(sale).toMatchObject({ seatsSoldTwice: 0, paidOrders: run.bought, paidSeats: seats, unpaidHolds: 0 });
  // Admitted in order of arrival. The buyers' places stay, and those of the ones told in line that it
  // sold out (in case seats come back); those let in who found it sold out left.
  expect(await lineInDatabase(query, eventId)).toEqual({ places: run.bought + run.line.toldSoldOut, admitted: run.bought, outOfOrder: 0 });
}, 120_000);
