// An event's page shows its reviews to anyone (Past Events): the newest first, each reviewer as a first
// name and an initial, with the organizer's answer; a pending or unknown event has none to show.
import type { EventReviewsResponse } from '@sports/contracts';
import { eventReviewsResponseSchema } from '@sports/contracts';
import { json, startBookingApp } from './support/booking';
import type { BookingApp } from './support/booking';
import { strict } from './support/contracts';
import { ownEvent, signedIn } from './support/organizer';
import { reviewsInDb } from './support/reviews';

describe("an event's reviews, as anyone reads them", () => {
  let app: BookingApp;
  let organizerId: number;
  const past = new Date('2026-01-10T10:00:00Z');

  beforeAll(async () => {
    app = await startBookingApp();
    organizerId = (await signedIn(app, 'Organizer')).id;
  });
  afterAll(async () => {
    await app.stop();
  });

  const reviewsOf = async (eventId: number | string) => json<EventReviewsResponse & { error?: string }>(await app.request('GET', `/api/events/${eventId}/reviews`));

  it('lists the newest 20 with the count and mean rating of all, names cut to a first name and an initial, and no email', async () => {
    const eventId = await ownEvent(app.db, organizerId, { startsAt: past });
    await reviewsInDb(app.db, eventId, 23, new Date('2026-01-11T00:00:00Z'));
    const { rows } = await app.db.query<{ id: number; email: string }>(`SELECT r.id, u.email FROM reviews r JOIN users u ON u.id = r.user_id WHERE r.event_id = $1`, [eventId]);
    const { rows: stats } = await app.db.query<{ average: number }>(`SELECT round(avg(rating), 1)::float8 AS average FROM reviews WHERE event_id = $1`, [eventId]);

    const { status, body } = await reviewsOf(eventId);
    expect(status).toBe(200);
    expect(strict(eventReviewsResponseSchema).parse(body)).toEqual(body);
    expect(body.count).toBe(23);
    expect(body.average).toBe(stats[0]?.average);
    expect(body.reviews).toHaveLength(20);
    // reviewsInDb writes them an hour apart, number 23 last.
    expect(body.reviews[0]).toMatchObject({ text: 'Review number 23', name: 'Reviewer23 T.', response: null, attended: false });
    expect(body.reviews.map((r) => r.createdAt)).toEqual([...body.reviews.map((r) => r.createdAt)].sort().reverse());
    const text = JSON.stringify(body);
    for (const { email } of rows) expect(text).not.toContain(email);
    expect(text).not.toContain('Tester');
  });

  it("shows the organizer's answer with the review", async () => {
    const eventId = await ownEvent(app.db, organizerId, { startsAt: past });
    const [reviewId] = await reviewsInDb(app.db, eventId, 1, new Date('2026-01-11T00:00:00Z'));
    await app.db.query(`UPDATE reviews SET response = 'Thank you for coming!', responded_at = now(), responded_by = $2 WHERE id = $1`, [reviewId, organizerId]);
    const { body } = await reviewsOf(eventId);
    expect(body.reviews[0]).toMatchObject({ id: reviewId, response: 'Thank you for coming!' });
    expect(body.reviews[0]?.respondedAt).toEqual(expect.any(String));
  });

  it('an approved event without reviews has none and no mean', async () => {
    const eventId = await ownEvent(app.db, organizerId, { startsAt: past });
    expect((await reviewsOf(eventId)).body).toEqual({ success: true, reviews: [], count: 0, average: null });
  });

  it.each([
    ['a pending event', async () => ownEvent(app.db, organizerId, { status: 'Pending', startsAt: past })],
    ['a rejected event', async () => ownEvent(app.db, organizerId, { status: 'Rejected', startsAt: past })],
    ['an unknown event', async () => 2_000_000_000],
  ])('%s: 404, even with reviews in the database', async (_label, makeEvent) => {
    const eventId = await makeEvent();
    if (eventId < 2_000_000_000) await reviewsInDb(app.db, eventId, 2, new Date('2026-01-11T00:00:00Z'));
    const { status, body } = await reviewsOf(eventId);
    expect(status).toBe(404);
    expect(body).toEqual({ success: false, error: 'Event not found' });
  });

  it.each(['abc', '0', '-3', '1.5', '99999999999'])('a malformed id (%s): 400 with a clear message', async (id) => {
    const { status, body } = await reviewsOf(id);
    expect(status).toBe(400);
    expect(body).toEqual({ success: false, error: 'Event id must be a positive whole number' });
  });
});
