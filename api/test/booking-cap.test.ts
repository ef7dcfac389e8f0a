// One account's live holds, payments and tickets of one event are capped
// (MAX_SEATS_PER_ACCOUNT, default 10), so one account cannot hold a section by repeating calls;
// the refusal says how many seats that account may still take.
import { testConfig } from './support/helpers';
import { book, createEvent, newSession, startBookingApp } from './support/booking';
import type { BookingApp, Session } from './support/booking';

const MINUTE = 60_000;
const capRefusal = (mayTake: number) => ({
  success: false,
  booked: [],
  alreadyBooked: [],
  error: `One account may hold at most 10 seats of this event; you may still take ${mayTake}.`,
});

describe('seats per account and event (MAX_SEATS_PER_ACCOUNT)', () => {
  let app: BookingApp;
  beforeAll(async () => {
    // The default cap, as production runs it.
    expect(testConfig().booking.maxSeatsPerAccount).toBe(10);
    app = await startBookingApp({ config: { booking: { ...testConfig().booking, holdSweepSeconds: 0 } } });
  }, 60_000);
  afterAll(async () => {
    await app?.stop();
  });
  afterEach(() => app.clock.reset());

  const pay = (session: Session, orderId: number, key: string) =>
    app.request('POST', `/api/orders/${orderId}/pay`, { cookie: session.cookie, headers: { 'Idempotency-Key': key }, body: { paymentMethod: 'gcash', paymentType: 'full' } });

  it('repeated holds stop at 10 seats, and the refusal says how many may still be taken', async () => {
    const [alice, bob] = await Promise.all([newSession(app), newSession(app)]);
    const eventId = await createEvent(app.db);
    expect((await book(app, alice.cookie, eventId, 1, [1, 2, 3, 4])).status).toBe(200);
    expect((await book(app, alice.cookie, eventId, 2, [1, 2, 3, 4])).status).toBe(200);
    expect(await book(app, alice.cookie, eventId, 3, [1, 2, 3])).toEqual({ status: 409, body: capRefusal(2) });
    expect((await book(app, alice.cookie, eventId, 3, [1, 2])).status).toBe(200);
    expect(await book(app, alice.cookie, eventId, 3, [3])).toEqual({ status: 409, body: capRefusal(0) });
    // Nothing was stored for the refusals; another account and another event are not affected.
    const { rows } = await app.db.query('SELECT sum(seat_count)::int AS seats FROM orders WHERE user_id = $1 AND event_id = $2', [alice.id, eventId]);
    expect(rows).toEqual([{ seats: 10 }]);
    expect((await book(app, bob.cookie, eventId, 3, [3, 4, 5])).status).toBe(200);
    expect((await book(app, alice.cookie, await createEvent(app.db), 1, [1, 2, 3, 4, 5])).status).toBe(200);
  });

  it('tickets count; an expired hold gives its seats back to the account', async () => {
    const carol = await newSession(app);
    const eventId = await createEvent(app.db);
    const first = await book(app, carol.cookie, eventId, 5, [1, 2, 3, 4, 5, 6]);
    expect((await pay(carol, first.body.order?.orderId as number, `cap-pay-${eventId}`)).status).toBe(200);
    expect((await book(app, carol.cookie, eventId, 5, [7, 8, 9, 10])).status).toBe(200);
    expect(await book(app, carol.cookie, eventId, 5, [11])).toEqual({ status: 409, body: capRefusal(0) });
    // The 4-seat hold runs out: 4 seats may be taken again, the 6 tickets still count.
    app.clock.advance(10 * MINUTE);
    expect(await book(app, carol.cookie, eventId, 5, [11, 12, 13, 14, 15])).toEqual({ status: 409, body: capRefusal(4) });
    expect((await book(app, carol.cookie, eventId, 5, [11, 12, 13, 14])).status).toBe(200);
  });

  it('20 simultaneous 3-seat holds by one account on free seats: exactly 3 succeed, the rest are capped', async () => {
    const dave = await newSession(app);
    const eventId = await createEvent(app.db);
    const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => book(app, dave.cookie, eventId, 6, [3 * i + 1, 3 * i + 2, 3 * i + 3])));
    expect(answers.filter((a) => a.status === 200)).toHaveLength(3);
    const refusals = answers.filter((a) => a.status !== 200);
    expect(refusals).toHaveLength(17);
    for (const r of refusals) expect(r).toEqual({ status: 409, body: capRefusal(1) });
    const { rows } = await app.db.query('SELECT count(*)::int AS seats FROM order_seats s JOIN orders o ON o.id = s.order_id WHERE o.user_id = $1 AND s.live', [dave.id]);
    expect(rows).toEqual([{ seats: 9 }]);
  }, 30_000);
});
