// Ticket choices over real HTTP against a real PostgreSQL, by PUT /api/orders/:id/tickets and sent
// with the payment: prices per section, ticket categories with the law's discount and its ID rule,
// promo codes and their exact use counts, and the total the buyer saw.
import { PRICING_MESSAGES, PROMO_CODE_MESSAGES, ID_NUMBER_RULES, totalChangedMessage } from '@sports/contracts';
import type { OrderResponse, OrderSummary } from '@sports/contracts';
import { DATABASE_BUSY } from '../src/db';
import { book, createEvent, json, newSession, startBookingApp } from './support/booking';
import type { BookingApp, Session } from './support/booking';

const LOWER_BOX_A = 6;
const UPPER_BOX_D = 1;

interface CodeOptions {
  kind?: 'percent' | 'amount';
  value?: number;
  maxUses?: number | null;
  perAccount?: number | null;
  sections?: number[] | null;
  categories?: string[] | null;
  from?: Date | null;
  until?: Date | null;
}

describe('ticket choices: PUT /api/orders/:id/tickets, and with the payment', () => {
  let app: BookingApp;
  let alice: Session;
  let bob: Session;
  beforeAll(async () => {
    app = await startBookingApp();
    [alice, bob] = await Promise.all([newSession(app), newSession(app)]);
  });
  afterAll(async () => {
    await app.stop();
  });

  /** An event at ₱500 a seat, Lower Box A at ₱1,200, offering Student (10%), Senior Citizen and PWD. */
  async function pricedEvent(): Promise<number> {
    const eventId = await createEvent(app.db, { price: 500 });
    await app.db.query('INSERT INTO event_section_prices (event_id, section_id, price) VALUES ($1, $2, 1200)', [eventId, LOWER_BOX_A]);
    await app.db.query(
      `INSERT INTO event_ticket_categories (event_id, category, discount_percent) VALUES ($1, 'student', 10), ($1, 'senior', NULL), ($1, 'pwd', NULL)`,
      [eventId],
    );
    return eventId;
  }

  async function addCode(eventId: number, code: string, o: CodeOptions = {}): Promise<void> {
    await app.db.query(
      `INSERT INTO promo_codes (event_id, code, kind, value, max_uses, per_account, section_ids, categories, valid_from, valid_until, created_at, created_by)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, now(), $11)`,
      [eventId, code, o.kind ?? 'percent', o.value ?? 15, o.maxUses ?? null, o.perAccount ?? null, o.sections ?? null, o.categories ?? null, o.from ?? null, o.until ?? null, alice.id],
    );
  }

  async function hold(who: Session, eventId: number, section: number, seats: number[]): Promise<OrderSummary> {
    const { status, body } = await book(app, who.cookie, eventId, section, seats);
    if (status !== 200 || !body.order) throw new Error(`hold failed: ${status} ${JSON.stringify(body)}`);
    return body.order;
  }

  function choose(who: Session, orderId: number, body: unknown): Promise<{ status: number; body: OrderResponse & { error?: string } }> {
    return app.request('PUT', `/api/orders/${orderId}/tickets`, { cookie: who.cookie, body }).then((res) => json(res));
  }

  const regular = (seat: number) => ({ seat, category: 'regular' });

  it("charges each section's own price, and the event's one price elsewhere", async () => {
    const eventId = await pricedEvent();
    expect((await hold(alice, eventId, LOWER_BOX_A, [1, 2])).totalAmount).toBe(2400);
    expect((await hold(bob, eventId, UPPER_BOX_D, [1, 2])).totalAmount).toBe(1000);
  });

  it('gives a Senior Citizen ticket the law’s 20% with its OSCA ID and a student the organizer’s 10%', async () => {
    const eventId = await pricedEvent();
    const order = await hold(alice, eventId, LOWER_BOX_A, [3, 4, 5]);
    const { status, body } = await choose(alice, order.orderId, {
      tickets: [regular(3), { seat: 4, category: 'senior', idNumber: ' 1234-5678 ' }, { seat: 5, category: 'student' }],
    });
    expect(status).toBe(200);
    expect(body.order.lines.map(({ seat, category, basePrice, discount, discountKind, price, idNumber }) => ({ seat, category, basePrice, discount, discountKind, price, idNumber }))).toEqual([
      { seat: 3, category: 'regular', basePrice: 1200, discount: 0, discountKind: undefined, price: 1200, idNumber: undefined },
      { seat: 4, category: 'senior', basePrice: 1200, discount: 240, discountKind: 'law', price: 960, idNumber: '1234-5678' },
      { seat: 5, category: 'student', basePrice: 1200, discount: 120, discountKind: 'category', price: 1080, idNumber: undefined },
    ]);
    expect(body.order.totalAmount).toBe(3240);
    const { rows } = await app.db.query<{ total: string }>('SELECT total_amount::text AS total FROM orders WHERE id = $1', [order.orderId]);
    expect(rows[0]?.total).toBe('3240.00');
  });

  it('takes the larger of the law’s discount and a code’s, never both, and shows the code', async () => {
    const eventId = await pricedEvent();
    await addCode(eventId, 'FAMILY25', { value: 25 });
    const order = await hold(alice, eventId, LOWER_BOX_A, [6, 7]);
    const { status, body } = await choose(alice, order.orderId, { tickets: [regular(6), { seat: 7, category: 'pwd', idNumber: '13-7602-000-0001234' }], promoCode: 'family25' });
    expect(status).toBe(200);
    expect(body.order.promoCode).toBe('FAMILY25');
    expect(body.order.lines.map((l) => [l.discount, l.discountKind, l.price])).toEqual([
      [300, 'code', 900],
      [300, 'code', 900],
    ]);
    expect(body.order.totalAmount).toBe(1800);
  });

  it('refuses bad input with its own message and changes nothing', async () => {
    const eventId = await pricedEvent();
    const otherEvent = await pricedEvent();
    await addCode(otherEvent, 'ELSEWHERE');
    await addCode(eventId, 'LATER', { from: new Date(Date.now() + 86_400_000) });
    await addCode(eventId, 'GONE', { until: new Date(Date.now() - 1000), from: new Date(Date.now() - 86_400_000) });
    await addCode(eventId, 'UPPERONLY', { sections: [UPPER_BOX_D] });
    const order = await hold(alice, eventId, LOWER_BOX_A, [8, 9]);
    const cases: [unknown, number, string][] = [
      [{ tickets: [regular(8)] }, 400, PRICING_MESSAGES.seatsMismatch],
      [{ tickets: [regular(8), regular(8)] }, 400, PRICING_MESSAGES.seatsMismatch],
      [{ tickets: [regular(8), regular(99)] }, 400, PRICING_MESSAGES.seatsMismatch],
      [{ tickets: [regular(8), { seat: 9, category: 'child' }] }, 400, PRICING_MESSAGES.categoryNotOffered],
      [{ tickets: [regular(8), { seat: 9, category: 'vip' }] }, 400, 'category must be one of regular, student, child, senior, pwd'],
      [{ tickets: [regular(8), { seat: 9, category: 'senior' }] }, 400, ID_NUMBER_RULES.senior.message],
      [{ tickets: [regular(8), { seat: 9, category: 'pwd', idNumber: '12345' }] }, 400, ID_NUMBER_RULES.pwd.message],
      [{ tickets: [{ seat: 8, category: 'senior', idNumber: '5555' }, { seat: 9, category: 'senior', idNumber: '5555' }] }, 400, PRICING_MESSAGES.idNumberTwice],
      [{ tickets: [regular(8), regular(9)], promoCode: 'NOPE-NOPE' }, 400, PROMO_CODE_MESSAGES.unknown],
      [{ tickets: [regular(8), regular(9)], promoCode: 'ELSEWHERE' }, 400, PROMO_CODE_MESSAGES.otherEvent],
      [{ tickets: [regular(8), regular(9)], promoCode: 'LATER' }, 400, PROMO_CODE_MESSAGES.notYet],
      [{ tickets: [regular(8), regular(9)], promoCode: 'GONE' }, 400, PROMO_CODE_MESSAGES.expired],
      [{ tickets: [regular(8), regular(9)], promoCode: 'UPPERONLY' }, 400, PROMO_CODE_MESSAGES.notForSeats],
      [{ tickets: [regular(8), regular(9)], totalAmount: 1 }, 400, 'Unexpected field: totalAmount'],
    ];
    for (const [body, status, error] of cases) {
      expect(await choose(alice, order.orderId, body)).toEqual({ status, body: { success: false, error } });
    }
    const after = await app.request('GET', `/api/orders/${order.orderId}`, { cookie: alice.cookie });
    const { body } = await json<OrderResponse>(after);
    expect(body.order.totalAmount).toBe(2400);
    expect(body.order.lines.every((l) => l.category === 'regular' && l.discount === 0)).toBe(true);
    expect(body.order.promoCode).toBeUndefined();
  });

  it('answers 404 for another buyer’s order and 410 once the hold has run out', async () => {
    const eventId = await pricedEvent();
    const order = await hold(alice, eventId, LOWER_BOX_A, [10]);
    expect((await choose(bob, order.orderId, { tickets: [regular(10)] })).status).toBe(404);
    await app.request('POST', `/api/orders/${order.orderId}/release`, { cookie: alice.cookie, body: {} });
    expect((await choose(alice, order.orderId, { tickets: [regular(10)] })).status).toBe(410);
  });

  it('allows one discounted ticket per ID number per event, freed when its hold is released', async () => {
    const eventId = await pricedEvent();
    const first = await hold(alice, eventId, LOWER_BOX_A, [11]);
    const second = await hold(bob, eventId, LOWER_BOX_A, [12]);
    const senior = (seat: number) => ({ tickets: [{ seat, category: 'senior', idNumber: '777-001' }] });
    expect((await choose(alice, first.orderId, senior(11))).status).toBe(200);
    expect(await choose(bob, second.orderId, senior(12))).toEqual({ status: 409, body: { success: false, error: PRICING_MESSAGES.idNumberTaken } });
    await app.request('POST', `/api/orders/${first.orderId}/release`, { cookie: alice.cookie, body: {} });
    expect((await choose(bob, second.orderId, senior(12))).status).toBe(200);
  });

  it('counts uses exactly: 50 buyers redeeming a 10-use code at once get exactly 10', async () => {
    const eventId = await pricedEvent();
    await addCode(eventId, 'TENONLY', { maxUses: 10 });
    const buyers = await Promise.all(Array.from({ length: 50 }, () => newSession(app)));
    const orders = await Promise.all(buyers.map((b, i) => hold(b, eventId, UPPER_BOX_D, [100 + i])));
    const answers = await Promise.all(buyers.map((b, i) => choose(b, orders[i]?.orderId ?? 0, { tickets: [regular(100 + i)], promoCode: 'TENONLY' })));
    expect(answers.filter((a) => a.status === 200)).toHaveLength(10);
    expect(answers.filter((a) => a.status === 409 && a.body.error === PROMO_CODE_MESSAGES.usedUp)).toHaveLength(40);
    const { rows } = await app.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM orders o JOIN promo_codes pc ON pc.id = o.promo_code_id WHERE pc.code = 'TENONLY' AND pc.event_id = $1`, [eventId]);
    expect(rows[0]?.n).toBe(10);
  });

  it('keeps a use while the hold lives and gives it back when the hold is released; a per-account limit holds', async () => {
    const eventId = await pricedEvent();
    await addCode(eventId, 'ONCE', { maxUses: 1 });
    await addCode(eventId, 'MINE', { perAccount: 1 });
    const a = await hold(alice, eventId, UPPER_BOX_D, [150]);
    const b = await hold(bob, eventId, UPPER_BOX_D, [151]);
    expect((await choose(alice, a.orderId, { tickets: [regular(150)], promoCode: 'ONCE' })).status).toBe(200);
    expect((await choose(bob, b.orderId, { tickets: [regular(151)], promoCode: 'ONCE' })).body.error).toBe(PROMO_CODE_MESSAGES.usedUp);
    // Choosing again on the same hold does not count its own use twice.
    expect((await choose(alice, a.orderId, { tickets: [regular(150)], promoCode: 'ONCE' })).status).toBe(200);
    await app.request('POST', `/api/orders/${a.orderId}/release`, { cookie: alice.cookie, body: {} });
    expect((await choose(bob, b.orderId, { tickets: [regular(151)], promoCode: 'ONCE' })).status).toBe(200);

    const c = await hold(alice, eventId, UPPER_BOX_D, [152]);
    expect((await choose(alice, c.orderId, { tickets: [regular(152)], promoCode: 'MINE' })).status).toBe(200);
    const d = await hold(alice, eventId, UPPER_BOX_D, [153]);
    expect((await choose(alice, d.orderId, { tickets: [regular(153)], promoCode: 'MINE' })).body.error).toBe(PROMO_CODE_MESSAGES.accountLimit);
  });

  it('pays a ₱0 order after a 100% code by the free path, and the ticket keeps its category', async () => {
    const eventId = await pricedEvent();
    await addCode(eventId, 'COMP', { value: 100 });
    const order = await hold(alice, eventId, LOWER_BOX_A, [20]);
    const chosen = await choose(alice, order.orderId, { tickets: [{ seat: 20, category: 'senior', idNumber: '4242' }], promoCode: 'COMP' });
    expect(chosen.body.order.totalAmount).toBe(0);
    const paid = await app.request('POST', `/api/orders/${order.orderId}/pay`, { cookie: alice.cookie, headers: { 'Idempotency-Key': `comp-${order.orderId}` }, body: {} });
    const { status, body } = await json<OrderResponse>(paid);
    expect(status).toBe(200);
    expect(body.order.status).toBe('paid');
    expect(body.order.paymentMethod).toBeUndefined();
    expect(body.order.tickets?.map((t) => t.category)).toEqual(['senior']);
    expect(body.order.lines[0]).toMatchObject({ basePrice: 1200, discount: 1200, discountKind: 'code', price: 0 });
    expect((await choose(alice, order.orderId, { tickets: [regular(20)] })).status).toBe(409);
  });

  function pay(who: Session, orderId: number, key: string, body: Record<string, unknown>): Promise<{ status: number; body: OrderResponse & { error?: string } }> {
    return app.request('POST', `/api/orders/${orderId}/pay`, { cookie: who.cookie, headers: { 'Idempotency-Key': key }, body: { paymentMethod: 'gcash', ...body } }).then((res) => json(res));
  }

  const seniorAndRegular = (regularSeat: number, seniorSeat: number, idNumber: string) => [regular(regularSeat), { seat: seniorSeat, category: 'senior', idNumber }];

  it('prices choices sent with the payment in its own transaction, at the total the buyer saw', async () => {
    const eventId = await pricedEvent();
    await addCode(eventId, 'PAYTEN', { value: 10 });
    const order = await hold(alice, eventId, LOWER_BOX_A, [40, 41]);
    // ₱1,200 less the code's 10%, and ₱1,200 less the law's 20% (larger than the code's).
    const request = { tickets: seniorAndRegular(40, 41, '5150'), promoCode: 'payten', expectedTotal: 1080 + 960 };
    const paid = await pay(alice, order.orderId, `choices-${order.orderId}`, request);
    expect(paid.status).toBe(200);
    expect(paid.body.order.status).toBe('paid');
    expect(paid.body.order.promoCode).toBe('PAYTEN');
    expect(paid.body.order.lines.map((l) => [l.category, l.discountKind, l.price])).toEqual([
      ['regular', 'code', 1080],
      ['senior', 'law', 960],
    ]);
    const { rows } = await app.db.query<{ total: string; amount: string }>(
      'SELECT o.total_amount::text AS total, a.amount::text AS amount FROM orders o JOIN payment_attempts a ON a.order_id = o.id WHERE o.id = $1',
      [order.orderId],
    );
    expect(rows).toEqual([{ total: '2040.00', amount: '2040.00' }]);
    expect(await pay(alice, order.orderId, `choices-${order.orderId}`, request)).toEqual(paid);
    expect((await pay(alice, order.orderId, `choices-${order.orderId}`, { ...request, expectedTotal: 2400 })).status).toBe(422);
  });

  it('refuses a payment whose choices cost another total than the buyer saw, and changes nothing', async () => {
    const eventId = await pricedEvent();
    await addCode(eventId, 'SOLO', { maxUses: 1, value: 10 });
    const order = await hold(alice, eventId, LOWER_BOX_A, [42, 43]);
    const tickets = seniorAndRegular(42, 43, '6160');
    const refusals: [Record<string, unknown>, number, string][] = [
      [{ tickets, promoCode: 'SOLO', expectedTotal: 2160 }, 409, totalChangedMessage('₱2,040.00')],
      [{ expectedTotal: 1000 }, 409, totalChangedMessage('₱2,400.00')],
      [{ tickets, promoCode: 'SOLO' }, 400, PRICING_MESSAGES.expectedTotal],
      [{ promoCode: 'SOLO', expectedTotal: 2040 }, 400, PRICING_MESSAGES.expectedTotal],
      [{ tickets: [regular(42), { seat: 43, category: 'pwd', idNumber: '12' }], expectedTotal: 2160 }, 400, ID_NUMBER_RULES.pwd.message],
      [{ tickets, promoCode: 'NOPE-NOPE', expectedTotal: 2160 }, 400, PROMO_CODE_MESSAGES.unknown],
      [{ tickets, expectedTotal: -1 }, 400, PRICING_MESSAGES.expectedTotal],
    ];
    for (const [body, status, error] of refusals) {
      expect(await pay(alice, order.orderId, `refused-${order.orderId}`, body)).toEqual({ status, body: { success: false, error } });
    }
    const { rows } = await app.db.query<{ status: string; total: string; coded: boolean; attempts: number; ids: number }>(
      `SELECT o.status, o.total_amount::text AS total, o.promo_code_id IS NOT NULL AS coded,
              (SELECT count(*)::int FROM payment_attempts a WHERE a.order_id = o.id) AS attempts,
              (SELECT count(*)::int FROM order_seats s WHERE s.order_id = o.id AND s.id_number IS NOT NULL) AS ids
       FROM orders o WHERE o.id = $1`,
      [order.orderId],
    );
    expect(rows).toEqual([{ status: 'held', total: '2400.00', coded: false, attempts: 0, ids: 0 }]);
    // The refused payments claimed no use of the one-use code: another buyer redeems it.
    const other = await hold(bob, eventId, UPPER_BOX_D, [44]);
    expect((await choose(bob, other.orderId, { tickets: [regular(44)], promoCode: 'SOLO' })).status).toBe(200);
    expect((await pay(alice, order.orderId, `refused-${order.orderId}`, { tickets, expectedTotal: 2160 })).status).toBe(200);
  });

  it('counts uses exactly when the code comes with the payment: 30 buyers paying with a 5-use code at once, 5 paid', async () => {
    const eventId = await pricedEvent();
    await addCode(eventId, 'FIVE', { maxUses: 5, kind: 'amount', value: 100 });
    const buyers = await Promise.all(Array.from({ length: 30 }, () => newSession(app)));
    const orders = await Promise.all(buyers.map((b, i) => hold(b, eventId, UPPER_BOX_D, [100 + i])));
    const answers = await Promise.all(
      buyers.map((b, i) => pay(b, orders[i]?.orderId ?? 0, `five-code-${i}`, { tickets: [regular(100 + i)], promoCode: 'FIVE', expectedTotal: 400 })),
    );
    expect(answers.filter((a) => a.status === 200)).toHaveLength(5);
    // The others hear the code is used up, or (a wait for the code's lock past lock_timeout on a busy machine) to try again.
    const refusals = answers.filter((a) => a.status !== 200).map((a) => `${a.status} ${a.body.error}`);
    expect(refusals.filter((r) => r !== `409 ${PROMO_CODE_MESSAGES.usedUp}` && r !== `503 ${DATABASE_BUSY}`)).toEqual([]);
    const { rows } = await app.db.query<{ paid: number; coded: number }>(
      `SELECT count(*) FILTER (WHERE o.status = 'paid')::int AS paid, count(o.promo_code_id)::int AS coded FROM orders o WHERE o.event_id = $1 AND o.section_id = $2`,
      [eventId, UPPER_BOX_D],
    );
    expect(rows[0]).toEqual({ paid: 5, coded: 5 });
  });

  // Last: it moves this app's clock past the holds made so far.
  it('frees the ID number of a hold whose time is up before any sweep expired it', async () => {
    const eventId = await pricedEvent();
    const first = await hold(alice, eventId, LOWER_BOX_A, [30]);
    const senior = (seat: number) => ({ tickets: [{ seat, category: 'senior', idNumber: '8080-1' }] });
    expect((await choose(alice, first.orderId, senior(30))).status).toBe(200);
    app.clock.advance(11 * 60_000);
    const second = await hold(bob, eventId, LOWER_BOX_A, [31]);
    expect((await choose(bob, second.orderId, senior(31))).status).toBe(200);
    const { rows } = await app.db.query<{ status: string }>('SELECT status FROM orders WHERE id = $1', [first.orderId]);
    expect(rows[0]?.status).toBe('expired');
  });
});
