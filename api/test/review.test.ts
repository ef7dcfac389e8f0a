// Reviews (PRODUCT §5): a ticket holder writes one review of an event once it has ended (marked
// attended when their ticket was checked in) from My Tickets and reads the organizer's answer there; the organizer pages, orders and filters the reviews of
// their events on the server, and Send Response stores the answer and mails the reviewer.
import type { CreateReviewResponse, MyReviewsResponse, OrderReviewResponse, OrderSummary, OrganizerReviewsResponse, ReviewResponseResponse } from '@sports/contracts';
import { organizerReviewsResponseSchema, orderReviewResponseSchema } from '@sports/contracts';
import type { Mailer } from '../src/mail/mailer';
import { getWith, login, mailsFor } from './support/accounts';
import { json, startBookingApp } from './support/booking';
import type { BookingApp } from './support/booking';
import { startTestApp } from './support/helpers';
import { buyTicket, ownEvent, qrOf, signedIn, signedInAs } from './support/organizer';
import { reviewsInDb } from './support/reviews';
import type { Person } from './support/organizer';

jest.setTimeout(30_000);

describe('reviews', () => {
  let app: BookingApp;
  let owner: Person;
  let other: Person;
  let eventId: number;
  let foreignEvent: number;

  beforeAll(async () => {
    app = await startBookingApp();
    [owner, other] = await Promise.all([signedIn(app, 'Organizer', 'Rosa'), signedIn(app, 'Organizer')]);
    // Both start within the hour (their doors are open) and end 4 hours later.
    const soon = new Date(Date.now() + 3_600_000);
    eventId = await ownEvent(app.db, owner.id, { title: 'Review test concert', startsAt: soon });
    foreignEvent = await ownEvent(app.db, other.id, { title: 'Review test foreign', startsAt: soon });
  }, 60_000);
  afterAll(async () => {
    await app.stop();
  });

  let seat = 1;
  const buy = async (who: Person, event = eventId): Promise<OrderSummary> => buyTicket(app, who.cookie, event, 7, [seat++]);
  const checkIn = async (order: OrderSummary, organizer = owner): Promise<void> => {
    const res = await app.request('POST', '/api/organizer/checkins', { cookie: organizer.cookie, body: { qr: qrOf(order) } });
    expect(((await res.json()) as { result: string }).result).toBe('checked_in');
  };
  /** Runs `call` once the events are over (6 hours on), then turns the clock back. */
  const afterTheEvent = async <T>(call: () => Promise<T>): Promise<T> => {
    app.clock.advance(6 * 3_600_000);
    try {
      return await call();
    } finally {
      app.clock.reset();
    }
  };
  const reviewNow = (who: Person, orderId: number, body: unknown) => app.request('POST', `/api/orders/${orderId}/review`, { cookie: who.cookie, body });
  const review = (who: Person, orderId: number, body: unknown) => afterTheEvent(() => reviewNow(who, orderId, body));
  const ofOrderNow = async (who: Person, orderId: number) => json<OrderReviewResponse>(await app.request('GET', `/api/orders/${orderId}/review`, { cookie: who.cookie }));
  const ofOrder = (who: Person, orderId: number) => afterTheEvent(() => ofOrderNow(who, orderId));

  describe('the visitor', () => {
    it('writes one review of an event once it has ended, marked attended when checked in, and sees it on the order', async () => {
      const visitor = await signedIn(app, 'Participant', 'Vilma');
      const order = await buy(visitor);
      await checkIn(order);
      const before = await ofOrder(visitor, order.orderId);
      expect(orderReviewResponseSchema.parse(before.body)).toEqual({
        success: true,
        orderId: order.orderId,
        event: { id: eventId, name: 'Review test concert' },
        canReview: true,
        cannotReview: null,
        review: null,
      });
      const created = await json<CreateReviewResponse>(await review(visitor, order.orderId, { rating: 5, text: '  Great sound and a quick entry.  ' }));
      expect(created.status).toBe(201);
      expect(created.body.review).toMatchObject({ orderId: order.orderId, event: { id: eventId }, rating: 5, text: 'Great sound and a quick entry.', attended: true, response: null, respondedAt: null });
      const after = await ofOrder(visitor, order.orderId);
      expect(after.body).toMatchObject({ canReview: false, cannotReview: null, review: created.body.review });
      expect(await json(await review(visitor, order.orderId, { rating: 1, text: 'Changed my mind' }))).toEqual({ status: 409, body: { success: false, error: 'You have already reviewed this event.' } });
      // One per event, whatever the order: a second ticket of the same event cannot add another.
      const second = await buy(visitor);
      await checkIn(second);
      expect((await review(visitor, second.orderId, { rating: 2, text: 'Second try' })).status).toBe(409);
      expect((await ofOrder(visitor, second.orderId)).body).toMatchObject({ canReview: false, review: { id: created.body.review.id } });
    });

    it('cannot review before the event has ended, nor someone else’s order; a holder who did not come is not marked attended', async () => {
      const visitor = await signedIn(app, 'Participant');
      const order = await buy(visitor);
      await checkIn(order);
      expect(await json(await reviewNow(visitor, order.orderId, { rating: 4, text: 'Nice' }))).toEqual({
        status: 403,
        body: { success: false, error: 'You can review an event once it has ended.' },
      });
      expect((await ofOrderNow(visitor, order.orderId)).body).toMatchObject({ canReview: false, cannotReview: 'You can review an event once it has ended.', review: null });
      const stranger = await signedIn(app, 'Participant');
      expect(await json(await review(stranger, order.orderId, { rating: 4, text: 'Nice' }))).toEqual({ status: 404, body: { success: false, error: 'Order not found' } });
      expect((await ofOrder(stranger, order.orderId)).status).toBe(404);
      expect((await app.db.query('SELECT 1 FROM reviews WHERE order_id = $1', [order.orderId])).rowCount).toBe(0);
      // A ticket holder who never came in may review, without the attended mark.
      const absent = await signedIn(app, 'Participant');
      const unused = await buy(absent);
      const written = await json<CreateReviewResponse>(await review(absent, unused.orderId, { rating: 3, text: 'Could not make it in time.' }));
      expect(written).toMatchObject({ status: 201, body: { review: { attended: false } } });
    });

    it('stores a review and its response without zero-width or bidirectional control characters; one of only those is refused', async () => {
      const visitor = await signedIn(app, 'Participant');
      const order = await buy(visitor);
      expect(await json(await review(visitor, order.orderId, { rating: 4, text: '\u200b\u200d\ufeff' }))).toEqual({ status: 400, body: { success: false, error: 'Write your review' } });
      const created = await json<CreateReviewResponse>(await review(visitor, order.orderId, { rating: 4, text: 'Great\u200b show,\u202e loved the cafe\u0301\u2060!' }));
      expect(created.status).toBe(201);
      expect(created.body.review.text).toBe('Great show, loved the café!');
      const id = created.body.review.id;
      const respond = (message: string) => app.request('POST', `/api/organizer/reviews/${id}/response`, { cookie: owner.cookie, body: { message } });
      expect(await json(await respond('\u2066\u200b'))).toEqual({ status: 400, body: { success: false, error: 'Write a response' } });
      expect((await respond('Salamat\u200b po\u202e!')).status).toBe(200);
      const { rows } = await app.db.query('SELECT body, response FROM reviews WHERE id = $1', [id]);
      expect(rows).toEqual([{ body: 'Great show, loved the café!', response: 'Salamat po!' }]);
    });

    it('two reviews sent at once: exactly one is kept', async () => {
      const visitor = await signedIn(app, 'Participant');
      const order = await buy(visitor);
      await checkIn(order);
      const answers = await Promise.all([1, 2, 3, 4].map((n) => review(visitor, order.orderId, { rating: n, text: `Attempt ${n}` })));
      expect(answers.map((a) => a.status).sort()).toEqual([201, 409, 409, 409]);
      expect((await app.db.query('SELECT 1 FROM reviews WHERE user_id = $1', [visitor.id])).rowCount).toBe(1);
    });

    it.each([
      [{ rating: 0, text: 'x' }, 'Rating must be 1 to 5 stars'],
      [{ rating: 6, text: 'x' }, 'Rating must be 1 to 5 stars'],
      [{ rating: 4.5, text: 'x' }, 'Rating must be 1 to 5 stars'],
      [{ rating: '5', text: 'x' }, 'Rating must be 1 to 5 stars'],
      [{ rating: 5 }, 'Write your review'],
      [{ rating: 5, text: '   ' }, 'Write your review'],
      [{ rating: 5, text: 'x'.repeat(1001) }, 'Your review is too long (at most 1000 characters)'],
      [{ rating: 5, text: 'x', extra: true }, 'Unexpected field: extra'],
    ])('refuses %j with 400', async (body, error) => {
      const visitor = await signedIn(app, 'Participant');
      expect(await json(await review(visitor, 1, body))).toEqual({ status: 400, body: { success: false, error } });
    });

    it('needs a session (401) and a sane order id (400)', async () => {
      expect((await app.request('POST', '/api/orders/1/review', { body: { rating: 5, text: 'x' } })).status).toBe(401);
      expect((await app.request('GET', '/api/orders/1/review')).status).toBe(401);
      expect((await app.request('GET', '/api/my/reviews')).status).toBe(401);
      const visitor = await signedIn(app, 'Participant');
      for (const id of ['0', 'x', '1e3', '99999999999']) expect((await app.request('GET', `/api/orders/${id}/review`, { cookie: visitor.cookie })).status).toBe(400);
    });
  });

  describe('the organizer', () => {
    let listed: number;
    let pageEvent: number;
    beforeAll(async () => {
      pageEvent = await ownEvent(app.db, owner.id, { title: 'Paging Fiesta' });
      await reviewsInDb(app.db, pageEvent, 30, new Date('2026-01-01T00:00:00Z'));
      await reviewsInDb(app.db, foreignEvent, 3, new Date('2026-01-01T00:00:00Z'));
      listed = (await app.db.query<{ n: number }>('SELECT count(*)::int AS n FROM reviews r JOIN events e ON e.id = r.event_id WHERE e.organizer_user_id = $1', [owner.id])).rows[0]?.n ?? 0;
    });
    const list = async (query = '', cookie = owner.cookie) => json<OrganizerReviewsResponse>(await app.request('GET', `/api/organizer/reviews${query}`, { cookie }));

    it('pages the reviews of their events, 25 at a time, with the real count; never another organizer’s', async () => {
      const first = await list();
      expect(first.status).toBe(200);
      organizerReviewsResponseSchema.parse(first.body);
      expect(first.body).toMatchObject({ page: 1, pageSize: 25, total: listed, allReviews: listed, totalPages: Math.ceil(listed / 25) });
      expect(first.body.reviews).toHaveLength(25);
      const second = await list('?page=2');
      const all = [...first.body.reviews, ...second.body.reviews];
      expect(all.every((r) => r.event.id === eventId || r.event.id === pageEvent)).toBe(true);
      const times = all.map((r) => Date.parse(r.dateReceived));
      expect([...times].sort((a, b) => b - a)).toEqual(times);
      expect(all[0]).toMatchObject({ name: expect.any(String), rating: expect.any(Number), review: expect.any(String), date: expect.stringMatching(/^\d{2}-\d{2}-\d{4}$/), responded: false, responseStatus: null });
      expect((await list('', other.cookie)).body.reviews.every((r) => r.event.id === foreignEvent)).toBe(true);
    });

    it('orders and filters by event, by event name and by response on the server', async () => {
      const oldest = await list(`?order=oldest&eventId=${pageEvent}`);
      expect(oldest.body.reviews[0]?.review).toBe('Review number 1');
      expect(oldest.body.total).toBe(30);
      const highest = await list(`?order=highest&eventId=${pageEvent}`);
      expect(highest.body.reviews.slice(0, 6).every((r) => r.rating === 5)).toBe(true);
      const lowest = await list(`?order=lowest&eventId=${pageEvent}`);
      expect(lowest.body.reviews.slice(0, 6).every((r) => r.rating === 1)).toBe(true);
      expect((await list('?eventName=fiesta')).body.total).toBe(30);
      expect((await list('?eventName=%25')).body.total).toBe(0);
      expect((await list(`?eventId=${foreignEvent}`)).body).toMatchObject({ total: 0, reviews: [] });
      expect((await list('?response=responded')).body.reviews.every((r) => r.responded)).toBe(true);
      expect((await list('?response=not_responded')).body.reviews.every((r) => !r.responded)).toBe(true);
      for (const q of ['?order=best', '?response=yes', '?page=0', '?eventId=x', `?eventName=${'x'.repeat(101)}`]) expect([q, (await list(q)).status]).toEqual([q, 400]);
    });

    it('Send Response stores the answer once, mails the reviewer, shows Response Sent, and the visitor reads it', async () => {
      const visitor = await signedIn(app, 'Participant', 'Nena');
      const order = await buy(visitor);
      await checkIn(order);
      const { body } = await json<CreateReviewResponse>(await review(visitor, order.orderId, { rating: 3, text: 'Good, but the queue was long.' }));
      const id = body.review.id;
      const respond = (message: unknown, cookie = owner.cookie) => app.request('POST', `/api/organizer/reviews/${id}/response`, { cookie, body: { message } });

      expect(await json(await respond('   '))).toEqual({ status: 400, body: { success: false, error: 'Write a response' } });
      expect(await json(await respond('Thanks!', other.cookie))).toEqual({ status: 404, body: { success: false, error: 'Review not found' } });
      const sent = await json<ReviewResponseResponse>(await respond('Thank you, Nena! We will open more gates next time.'));
      expect(sent.status).toBe(200);
      expect(sent.body).toMatchObject({ mailed: true, review: { id, name: 'Nena Tester', responded: true, responseStatus: 'Response Sent', response: 'Thank you, Nena! We will open more gates next time.' } });
      expect(await json(await respond('Again'))).toEqual({ status: 409, body: { success: false, error: 'A response was already sent for this review.' } });

      const mail = (await mailsFor(app.db, visitor.email))[0];
      expect(mail?.subject).toBe('Response to your review of Review test concert');
      expect(mail?.text).toContain('Thank you, Nena! We will open more gates next time.');
      expect(mail?.text).toContain('Rosa Tester');
      expect(mail?.text).toContain('Good, but the queue was long.');

      const row = (await list(`?eventId=${eventId}&response=responded`)).body.reviews.find((r) => r.id === id);
      expect(row).toMatchObject({ responseStatus: 'Response Sent' });
      expect((await ofOrder(visitor, order.orderId)).body.review).toMatchObject({ response: 'Thank you, Nena! We will open more gates next time.', respondedAt: expect.any(String) });
      const mine = await json<MyReviewsResponse>(await app.request('GET', '/api/my/reviews', { cookie: visitor.cookie }));
      expect(mine.body.reviews).toEqual([expect.objectContaining({ id, orderId: order.orderId, response: 'Thank you, Nena! We will open more gates next time.' })]);
      const audit = await app.db.query('SELECT actor_user_id, event_id FROM audit_trail WHERE review_id = $1', [id]);
      expect(audit.rows).toEqual([{ actor_user_id: owner.id, event_id: eventId }]);
    });

    it('answers 401 without a session and 403 to visitors and admins', async () => {
      const visitor = await signedIn(app, 'Participant');
      const admin = await signedInAs(app, 'admin@demo.local');
      for (const [method, path] of [['GET', '/api/organizer/reviews'], ['POST', '/api/organizer/reviews/1/response']] as const) {
        const body = method === 'POST' ? { body: { message: 'x' } } : {};
        expect((await app.request(method, path, body)).status).toBe(401);
        expect((await app.request(method, path, { cookie: visitor.cookie, ...body })).status).toBe(403);
        expect((await app.request(method, path, { cookie: admin, ...body })).status).toBe(403);
      }
    });
  });
});

describe('a reply whose mail fails', () => {
  it('is stored all the same, and the answer says it was not mailed', async () => {
    const failing: Mailer = { kind: 'smtp', send: () => Promise.reject(new Error('SMTP down')), close: () => undefined };
    const app = await startTestApp({ mailer: failing });
    try {
      const { cookie } = await login(app, 'organizer@demo.local', 'demo-pass-2025');
      const { rows } = await app.db.query<{ id: number }>(
        `SELECT r.id FROM reviews r JOIN events e ON e.id = r.event_id JOIN users u ON u.id = e.organizer_user_id
         WHERE u.email = 'organizer@demo.local' AND r.response IS NULL ORDER BY r.id DESC LIMIT 1`,
      );
      const id = rows[0]?.id as number;
      const res = await app.post(`/api/organizer/reviews/${id}/response`, { message: 'Thank you for coming!' }, { Cookie: cookie });
      expect(res.status).toBe(200);
      expect(await res.json()).toMatchObject({ mailed: false, review: { id, responseStatus: 'Response Sent' } });
      const list = (await (await getWith(app, '/api/organizer/reviews?response=responded', cookie)).json()) as OrganizerReviewsResponse;
      expect(list.reviews.some((r) => r.id === id)).toBe(true);
    } finally {
      await app.stop();
    }
  }, 60_000);
});
