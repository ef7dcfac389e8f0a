// PRODUCT §8 "Bad input": fuzzed requests to every booking endpoint get 4xx with a clear error,
// never a 500, and change nothing.
import { book, createEvent, newSession, startBookingApp, storedFor } from './support/booking';
import type { BookingApp, Session } from './support/booking';
import { prng } from './support/storm';


/** Values every id field must refuse (`true`, "1" or [5] coerce to valid ids, so they are not here). */
const BAD_IDS: unknown[] = [null, -1, 0, 1.5, -0.5, 'abc', '', ' ', '0x10', [], [1, 2], {}, { id: 1 }, 2_147_483_648, 1e308, '1e400', 'NaN', '∞', '1; DROP TABLE orders'];
/** Values seat_numbers must refuse. */
const BAD_SEATS: unknown[] = [
  null,
  5,
  '1,2',
  '',
  {},
  [],
  ['1'],
  [1.5],
  [null],
  [[1]],
  [{}],
  [true],
  [0],
  [-1],
  [184],
  [1e10],
  [9_007_199_254_740_993],
  [1, 1],
  Array.from({ length: 11 }, (_, i) => i + 1),
  Array.from({ length: 5_000 }, (_, i) => i + 1),
  Array.from({ length: 5_000 }, () => 1),
];

describe('booking endpoints under fuzzed input', () => {
  let app: BookingApp;
  let fuzzer: Session;
  let eventId: number;
  beforeAll(async () => {
    app = await startBookingApp();
    fuzzer = await newSession(app);
    eventId = await createEvent(app.db);
  });
  afterAll(async () => {
    await app.stop();
  });

  async function expectClientError(res: Response, what: unknown): Promise<void> {
    const text = await res.text();
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      body = text;
    }
    const ok = res.status >= 400 && res.status < 500 && typeof body === 'object' && body !== null && (body as { success?: unknown }).success === false && typeof (body as { error?: unknown }).error === 'string' && (body as { error: string }).error.length > 0;
    if (!ok) throw new Error(`${JSON.stringify(what).slice(0, 200)} -> ${res.status} ${text.slice(0, 300)}`);
  }

  async function nothingStored(): Promise<void> {
    expect(await storedFor(app.db, eventId)).toEqual({ orders: 0, seats: 0 });
    const { rows } = await app.db.query('SELECT count(*)::int AS n FROM orders WHERE user_id = $1', [fuzzer.id]);
    expect(rows).toEqual([{ n: 0 }]);
  }

  it('book-seats: every field wrong in turn, random mixes, missing and unknown fields, odd bodies', async () => {
    const valid = { event_id: eventId, section_id: 1, seat_numbers: [1, 2] };
    const bodies: unknown[] = [];
    for (const v of BAD_IDS) bodies.push({ ...valid, event_id: v }, { ...valid, section_id: v });
    for (const v of BAD_SEATS) bodies.push({ ...valid, seat_numbers: v });
    bodies.push({ ...valid, event_id: 2_000_000_000 }, { ...valid, section_id: 999 });
    for (const key of Object.keys(valid)) bodies.push(Object.fromEntries(Object.entries(valid).filter(([k]) => k !== key)));
    bodies.push({ ...valid, price: 0 }, { ...valid, totalAmount: 0 }, { ...valid, status: 'paid' }, { ...valid, user: { id: 1 } });
    bodies.push(null, [], [valid], 'seats', 42, true, {});
    const random = prng(1234);
    const pick = <T>(list: T[]): T => list[Math.floor(random() * list.length)] as T;
    for (let i = 0; i < 150; i += 1) {
      bodies.push({ event_id: pick(BAD_IDS), section_id: random() < 0.5 ? 1 : pick(BAD_IDS), seat_numbers: random() < 0.5 ? [1] : pick(BAD_SEATS), user_id: pick([...BAD_IDS, 1]) });
    }
    for (const body of bodies) {
      const res = await app.request('POST', '/backend/api/book-seats.php', { cookie: fuzzer.cookie, raw: JSON.stringify(body) });
      await expectClientError(res, body);
    }
    // Not JSON, not an object, wrong content type, too large.
    for (const raw of ['{', '{"event_id":', 'null', '"x"', '\u0000', '{"seat_numbers":[1,]}']) {
      await expectClientError(await app.request('POST', '/backend/api/book-seats.php', { cookie: fuzzer.cookie, raw }), raw);
    }
    await expectClientError(await app.request('POST', '/backend/api/book-seats.php', { cookie: fuzzer.cookie, raw: JSON.stringify(valid), headers: { 'Content-Type': 'text/plain' } }), 'text/plain');
    await expectClientError(await app.request('POST', '/backend/api/book-seats.php', { cookie: fuzzer.cookie, raw: JSON.stringify({ ...valid, seat_numbers: Array.from({ length: 60_000 }, () => 1) }) }), 'huge');
    await expectClientError(await app.request('POST', '/backend/api/book-seats.php', { cookie: fuzzer.cookie, raw: JSON.stringify(valid), headers: { Origin: 'https://evil.example' } }), 'cross-site');
    await nothingStored();
    // The valid request still works afterwards (and is then the only thing stored).
    expect((await book(app, fuzzer.cookie, eventId, 1, [1, 2])).status).toBe(200);
    await app.db.query('DELETE FROM order_seats WHERE event_id = $1; ', [eventId]);
    await app.db.query('DELETE FROM orders WHERE event_id = $1', [eventId]);
  }, 60_000);

  it('get-booked-seats, availability and orders: odd query strings and ids', async () => {
    const queries = [
      '',
      '?event_id=',
      '?event_id=1',
      `?event_id=${eventId}&section_id=`,
      `?event_id=${eventId}&section_id=%00`,
      `?event_id[]=${eventId}&section_id=1`,
      `?event_id=${eventId}&event_id=${eventId}&section_id=1`,
      `?event_id=${'9'.repeat(400)}&section_id=1`,
      `?event_id=%E2%88%9E&section_id=1`,
      `?event_id=%ZZ&section_id=1`,
      `?event_id=${eventId}&section_id=1.0`,
      `?event_id=+${eventId}&section_id=1`,
      `?event_id=2000000000&section_id=1`,
      `?event_id=${eventId}&section_id=2147483647`,
    ];
    for (const q of queries) await expectClientError(await app.request('GET', `/backend/api/get-booked-seats.php${q}`), q);
    for (const id of ['0', '-1', '1.0', '0x1', '1e3', '99999999999', 'null', '%ZZ', '%E2%88%9E', '2000000000', ' 1']) {
      await expectClientError(await app.request('GET', `/api/events/${id}/availability`), id);
      await expectClientError(await app.request('GET', `/api/orders/${id}`, { cookie: fuzzer.cookie }), id);
    }
  });

  it('pay: odd ids, keys and bodies leave the hold unpaid and no attempt stored', async () => {
    const held = await book(app, fuzzer.cookie, eventId, 2, [9]);
    const orderId = held.body.order?.orderId as number;
    const bodies: unknown[] = [null, [], 'gcash', 1, {}, { paymentMethod: null }, { paymentMethod: 'GCASH' }, { paymentMethod: ['gcash'] }, { paymentMethod: 'gcash', paymentType: 'half' }, { paymentMethod: 'gcash', paymentType: null }, { paymentMethod: 'gcash', amount: 0 }, { paymentMethod: 'gcash', orderId: 1 }];
    for (const body of bodies) await expectClientError(await app.request('POST', `/api/orders/${orderId}/pay`, { cookie: fuzzer.cookie, headers: { 'Idempotency-Key': 'fuzz-key-12345' }, raw: JSON.stringify(body) }), body);
    for (const key of ['', 'x', 'seven77', 'k'.repeat(201), 'tab\there-12345', 'ünïcödé-key-1']) {
      await expectClientError(await app.request('POST', `/api/orders/${orderId}/pay`, { cookie: fuzzer.cookie, headers: { 'Idempotency-Key': key }, body: { paymentMethod: 'gcash' } }), key).catch(async (err: unknown) => {
        // fetch itself refuses some header values (e.g. a tab is fine, but not all bytes are).
        if (!(err instanceof TypeError)) throw err;
      });
    }
    for (const id of ['0', '-5', 'abc', '1.5', '99999999999', '2000000000']) {
      await expectClientError(await app.request('POST', `/api/orders/${id}/pay`, { cookie: fuzzer.cookie, headers: { 'Idempotency-Key': 'fuzz-key-67890' }, body: { paymentMethod: 'gcash' } }), id);
    }
    const { rows } = await app.db.query('SELECT status, (SELECT count(*)::int FROM payment_attempts WHERE user_id = $2) AS attempts FROM orders WHERE id = $1', [orderId, fuzzer.id]);
    expect(rows).toEqual([{ status: 'held', attempts: 0 }]);
  });
});
