// The admin screens' demo data (PRODUCT §1, §6), all computed from rows: event requests in every
// status from the generated organizer accounts, a year of ticket sales (2024) on their past
// events, feedback, inquiries (some answered) and the audit rows of the decisions behind them.
// Buyers and senders are the generated people (DEMO_PEOPLE); nothing here touches the demo
// organizer's events (another module seeds those).
//
// Idempotent without a marker: every row has a natural key (an event's organizer and title, a
// feedback's sender and comment, an inquiry's email and message, one audit history per target)
// and only missing rows are inserted, so a second run writes nothing and draws no sequence value.
import { createHash } from 'node:crypto';
import type { EventStatus, Genre, PaymentMethod } from '@sports/contracts';
import { PAYMENT_METHODS } from '@sports/contracts';
import type { Db, Queryable } from '../db';
import { DEMO_EVENTS } from './events';
import { DEMO_PEOPLE, generator } from './people';
import type { DemoPerson } from './people';
import { DEMO_SECTIONS } from './sections';
import type { DemoSection } from './sections';
import { issueTickets } from '../orders/ticket-issue';

/** pg_advisory_xact_lock key: two API processes starting at once seed this once. */
const SEED_ADMIN_LOCK = 727_011;
const ADMIN_EMAIL = 'admin@demo.local';
const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;

/** A Manila wall-clock date and time as an instant (Manila is +08:00 all year). */
const manila = (date: string, time: string): Date => new Date(`${date}T${time}:00+08:00`);

/** Organizer accounts of the demo: the Active ones among the generated people, in their order. */
const ORGANIZERS: readonly DemoPerson[] = DEMO_PEOPLE.filter((p) => p.role === 'Organizer' && p.status === 'Active');
const PARTICIPANTS: readonly DemoPerson[] = DEMO_PEOPLE.filter((p) => p.role === 'Participant');

interface PastEvent {
  /** Index into ORGANIZERS. */
  organizer: number;
  genre: Genre;
  title: string;
  description: string;
  /** Organizer line visitors see. */
  line: string;
  on: string;
  at: string;
  hours: number;
  price: number;
  hue: number;
  /** Paid orders; about one in eight more holds lapsed unpaid. */
  sold: number;
}

/** 2024's events, one every two months: their sales fill every month of the 2024 chart. */
const PAST_EVENTS: readonly PastEvent[] = [
  { organizer: 0, genre: 'sports', title: 'Inter-Barangay Basketball Cup 2024 Finals', description: 'The two best barangay teams of the 2024 season play for the cup.', line: 'Metro Hoops League', on: '2024-02-24', at: '17:00', hours: 3, price: 150, hue: 24, sold: 214 },
  { organizer: 1, genre: 'concert', title: 'Summer Sounds OPM Night 2024', description: 'Five OPM bands and a headline act on the arena stage.', line: 'Lungsod Live Productions', on: '2024-04-20', at: '18:00', hours: 4, price: 300, hue: 280, sold: 262 },
  { organizer: 2, genre: 'community', title: 'Kalusugan Fun Run and Wellness Fair 2024', description: 'A 5K fun run on the oval, then free health checks and fitness talks.', line: 'Healthy City Runners Club', on: '2024-06-15', at: '05:30', hours: 4, price: 50, hue: 140, sold: 176 },
  { organizer: 3, genre: 'sports', title: 'City Volleyball Invitational 2024', description: "Club teams from nearby provinces play the city's volleyball invitational.", line: 'Spikers Association of the City', on: '2024-08-17', at: '09:00', hours: 6, price: 100, hue: 196, sold: 148 },
  { organizer: 4, genre: 'concert', title: 'Harana sa Plaza: Kundiman Revival 2024', description: 'Kundiman and harana classics by the city chorale and guest soloists.', line: 'Himig Cultural Society', on: '2024-10-19', at: '19:00', hours: 3, price: 200, hue: 330, sold: 203 },
  { organizer: 5, genre: 'community', title: 'Paskong Bayan Christmas Bazaar 2024', description: 'Local crafts, food stalls and carolers: the city Christmas bazaar.', line: 'Barangay Business Council', on: '2024-12-14', at: '10:00', hours: 8, price: 0, hue: 0, sold: 241 },
];
/** Sales open this many days before an event (never before 2024 for the demo's chart). */
const SALES_DAYS = 56;
const SALES_FROM = manila('2024-01-01', '00:00');

interface NewRequest {
  organizer: number;
  genre: Genre;
  title: string;
  description: string;
  line: string;
  /** Days after the seed day the event falls on, its start time and length. */
  inDays: number;
  at: string;
  hours: number;
  price: number;
  hue: number;
  /** Days before the seed day it was asked for. */
  askedDaysAgo: number;
  decision?: { status: Exclude<EventStatus, 'Pending'>; daysAgo: number; reason?: string };
}

/** Upcoming requests in every status (Pending ones are the admin's work on Manage Events). */
const NEW_REQUESTS: readonly NewRequest[] = [
  { organizer: 0, genre: 'sports', title: 'Inter-Barangay Basketball Cup: Season Opener', description: 'Sixteen barangay teams open the new season with a double-header.', line: 'Metro Hoops League', inDays: 45, at: '17:00', hours: 3, price: 150, hue: 24, askedDaysAgo: 2 },
  { organizer: 1, genre: 'concert', title: 'OPM Unplugged: Acoustic Sessions', description: 'Stripped-down OPM sets by local singer-songwriters.', line: 'Lungsod Live Productions', inDays: 60, at: '19:00', hours: 3, price: 250, hue: 265, askedDaysAgo: 1 },
  { organizer: 2, genre: 'community', title: 'Family Fitness Day and Fun Run', description: 'A 3K family run, Zumba on the oval and games for kids.', line: 'Healthy City Runners Club', inDays: 75, at: '06:00', hours: 4, price: 50, hue: 150, askedDaysAgo: 4 },
  { organizer: 6, genre: 'sports', title: 'Youth Chess Open', description: 'Rapid chess for players 18 and under, in three age groups.', line: 'City Chess Circle', inDays: 52, at: '09:00', hours: 8, price: 0, hue: 45, askedDaysAgo: 3 },
  { organizer: 7, genre: 'concert', title: 'Indie Band Showcase Night', description: 'Eight independent bands, two stages, one night.', line: 'Garage Sound Collective', inDays: 90, at: '18:00', hours: 4, price: 200, hue: 300, askedDaysAgo: 6 },
  { organizer: 4, genre: 'concert', title: 'Harana Serenade Contest', description: 'Duos and trios compete with their best harana.', line: 'Himig Cultural Society', inDays: 100, at: '18:30', hours: 3, price: 100, hue: 340, askedDaysAgo: 8 },
  {
    organizer: 3, genre: 'sports', title: 'Midnight Motocross Exhibition', description: 'Freestyle motocross jumps under the lights.', line: 'Spikers Association of the City', inDays: 40, at: '22:00', hours: 3, price: 300, hue: 10, askedDaysAgo: 20,
    decision: { status: 'Rejected', daysAgo: 18, reason: 'Motor vehicles are not allowed on the arena floor, and the venue closes at 10:00 PM.' },
  },
  {
    organizer: 5, genre: 'concert', title: 'Foam Party Dance Festival', description: 'DJ sets and a foam party on the arena floor.', line: 'Barangay Business Council', inDays: 65, at: '20:00', hours: 5, price: 500, hue: 185, askedDaysAgo: 25,
    decision: { status: 'Rejected', daysAgo: 21, reason: 'The arena floor cannot be used for foam or water activities. Please propose another format.' },
  },
  {
    organizer: 7, genre: 'sports', title: 'Paintball Skirmish Weekend', description: 'Team paintball on the field, beginners welcome.', line: 'Garage Sound Collective', inDays: 80, at: '08:00', hours: 8, price: 250, hue: 95, askedDaysAgo: 16,
    decision: { status: 'Rejected', daysAgo: 12, reason: 'Paintball needs netting and insurance the venue does not have; please arrange both with the City Sports Office first.' },
  },
  {
    organizer: 3, genre: 'sports', title: "Women's Futsal League Opening", description: 'Opening day of the city women\'s futsal league: four matches.', line: 'Spikers Association of the City', inDays: 35, at: '15:00', hours: 4, price: 100, hue: 210, askedDaysAgo: 30,
    decision: { status: 'Approved', daysAgo: 27 },
  },
  {
    organizer: 5, genre: 'community', title: 'Barangay Talent Showdown', description: 'Singers, dancers and comedians from every barangay take the stage.', line: 'Barangay Business Council', inDays: 55, at: '18:00', hours: 3, price: 50, hue: 48, askedDaysAgo: 28,
    decision: { status: 'Approved', daysAgo: 24 },
  },
];

const FEEDBACK_COMMENTS: readonly (readonly [number, string])[] = [
  [5, 'Booking my seats took less than a minute. The seat map is easy to use.'],
  [4, 'Great event and smooth entry at the gate. Parking was a bit tight.'],
  [5, 'Loved the QR ticket: no printing needed and the scan at the gate was fast.'],
  [3, 'The site works, but I wish I could see the seats from my section before paying.'],
  [5, 'Our family enjoyed the fun run. Please hold more community events!'],
  [4, 'Paying with GCash was quick. Would like an e-mail receipt too.'],
  [2, 'The event started 40 minutes late and nobody announced why.'],
  [5, 'Clean venue, friendly staff and the concert sound was excellent.'],
  [4, 'Easy to find events by genre. More evening concerts, please.'],
  [3, 'Good event, but the queue for the restrooms was very long.'],
  [5, 'First time buying tickets online and it was really simple.'],
  [4, 'I like that free events still give a ticket: it made entry orderly.'],
  [1, 'My payment went through but the page timed out. Support sorted it the next day.'],
  [5, 'The volleyball invitational was amazing. Worth every peso.'],
  [4, 'Nice seats in Lower Box A. The seat grid matched the real venue.'],
  [3, 'Would be nice to choose seats together more easily for big groups.'],
  [5, 'The Christmas bazaar was a hit with my kids. See you next year!'],
  [4, 'Helpful staff at the gate when my phone battery was low.'],
  [5, 'Smooth from booking to check-in. Thank you!'],
  [2, 'Sound in the upper boxes was hard to hear during the speeches.'],
  [4, 'The reminders about the event date were useful.'],
  [5, 'Affordable tickets for a great show. Keep it up.'],
  [3, 'The mobile menu was a little hard to use on my small phone.'],
  [5, 'Kundiman night brought my lola to tears. Beautiful event.'],
  [4, 'Good selection of events every month.'],
  [5, 'Checkout was fast and the QR code showed right away.'],
  [4, 'Clear directions to the sections. Ushers were helpful.'],
  [3, 'I could not find the refund policy easily before buying.'],
  [5, 'Best basketball finals I have watched live!'],
  [4, 'Site is fast even on mobile data.'],
  [5, 'Registration was quick and the address lookup worked well.'],
  [4, 'More free community events please, they are great for families.'],
  [5, 'The fun run was well organised and started on time.'],
  [3, 'Seat numbers on the tickets could be bigger.'],
  [4, 'Happy with the experience overall.'],
  [5, 'Will definitely book again for the next concert.'],
];

const INQUIRIES: readonly { message: string; daysAgo: number; answer?: { afterHours: number; text: string } }[] = [
  { message: 'Hello! Can I still change the seats on a ticket I already paid for?', daysAgo: 0 },
  { message: 'Is there parking at the Sports Complex for the basketball season opener?', daysAgo: 1 },
  { message: 'Do children below 3 years old need their own ticket for concerts?', daysAgo: 1 },
  { message: 'I paid with BDO but did not receive my QR code yet. What should I do?', daysAgo: 2 },
  { message: 'Can our school book a whole section for a field trip? We are about 150 students.', daysAgo: 3 },
  { message: 'Are pets allowed inside the venue during community events?', daysAgo: 4 },
  { message: 'How do I register my organization so we can hold an event at the complex?', daysAgo: 6 },
  { message: 'Is the venue wheelchair accessible, and which sections are best for wheelchair users?', daysAgo: 8 },
  { message: 'Can I get an official receipt for my ticket purchase for reimbursement?', daysAgo: 12, answer: { afterHours: 20, text: 'Yes. Reply to this e-mail with your ticket number and the name for the receipt, and we will send it within three working days.' } },
  { message: 'What time do the gates open for evening concerts?', daysAgo: 15, answer: { afterHours: 6, text: 'Gates open 90 minutes before the announced start time. Have your QR code ready for scanning.' } },
  { message: 'I forgot my password and the reset code expired. Can you help?', daysAgo: 19, answer: { afterHours: 3, text: 'Codes are valid for 10 minutes. Please request a new code from the login page and enter it right away.' } },
  { message: 'Are outside food and drinks allowed?', daysAgo: 26, answer: { afterHours: 30, text: 'Sealed bottled water is allowed. Other food and drinks are available from the stalls inside the venue.' } },
];

/** Account status changes the demo admin made, with their reasons (for the generated Inactive and Restricted accounts). */
const STATUS_REASONS: Record<'Inactive' | 'Restricted', string> = {
  Inactive: 'No sign-in for over a year; deactivated on request.',
  Restricted: 'Repeated chargebacks; restricted pending review.',
};

/** A fixed, valid ticket id (22 base64url characters) for the n-th demo order of an event. */
function ticketIdOf(title: string, n: number): string {
  return createHash('sha256').update(`demo-admin-ticket:${title}:${n}`).digest('base64url').slice(0, 22);
}

function addDays(today: string, days: number): string {
  return new Date(Date.parse(`${today}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

async function idsByEmail(tx: Queryable, emails: readonly string[]): Promise<Map<string, number>> {
  const { rows } = await tx.query<{ email: string; id: number }>('SELECT lower(email) AS email, id FROM users WHERE lower(email) = ANY ($1::text[])', [emails.map((e) => e.toLowerCase())]);
  return new Map(rows.map((r) => [r.email, r.id]));
}

/** Demo events 1-26 get an end: 3 hours (sports 4); those without a time last the day. */
async function giveDemoEventsAnEnd(tx: Queryable): Promise<void> {
  await tx.query(
    `UPDATE events SET ends_at = CASE WHEN has_time THEN starts_at + make_interval(hours => CASE genre WHEN 'sports' THEN 4 ELSE 3 END)
                                      ELSE starts_at + interval '23 hours 59 minutes' END
     WHERE id = ANY ($1::int[]) AND ends_at IS NULL`,
    [DEMO_EVENTS.map((e) => e.id)],
  );
}

interface EventRow {
  organizerId: number;
  genre: Genre;
  title: string;
  description: string;
  line: string;
  startsAt: Date;
  endsAt: Date;
  price: number;
  hue: number;
  status: EventStatus;
  reason: string | null;
  reviewedAt: Date | null;
  createdAt: Date;
}

/**
 * Inserts the events not there yet (by title: they are the demo's own) and gives back an owner
 * to one that lost it; returns the id of every one of them by title.
 */
async function ensureEvents(tx: Queryable, events: readonly EventRow[], adminId: number): Promise<Map<string, number>> {
  await tx.query(
    `INSERT INTO events (genre, title, description, starts_at, ends_at, has_time, price, organizer, status, rejection_reason,
                         reviewed_by, reviewed_at, image_hue, created_at, organizer_user_id)
     SELECT x.genre, x.title, x.description, x.starts_at, x.ends_at, true, x.price, x.line, x.status, x.reason,
            CASE WHEN x.reviewed_at IS NULL THEN NULL ELSE $14::int END, x.reviewed_at, x.hue, x.created_at, x.organizer_id
     FROM unnest($1::int[], $2::text[], $3::text[], $4::text[], $5::timestamptz[], $6::timestamptz[], $7::numeric[], $8::text[],
                 $9::text[], $10::text[], $11::timestamptz[], $12::int[], $13::timestamptz[]) WITH ORDINALITY
          AS x(organizer_id, genre, title, description, starts_at, ends_at, price, line, status, reason, reviewed_at, hue, created_at, n)
     WHERE NOT EXISTS (SELECT 1 FROM events e WHERE e.title = x.title AND (e.organizer_user_id IS NULL OR e.organizer_user_id = x.organizer_id))
     ORDER BY x.n`,
    [
      events.map((e) => e.organizerId),
      events.map((e) => e.genre),
      events.map((e) => e.title),
      events.map((e) => e.description),
      events.map((e) => e.startsAt),
      events.map((e) => e.endsAt),
      events.map((e) => e.price),
      events.map((e) => e.line),
      events.map((e) => e.status),
      events.map((e) => e.reason),
      events.map((e) => e.reviewedAt),
      events.map((e) => e.hue),
      events.map((e) => e.createdAt),
      adminId,
    ],
  );
  await tx.query(
    `UPDATE events e SET organizer_user_id = x.organizer_id
     FROM unnest($1::int[], $2::text[]) AS x(organizer_id, title)
     WHERE e.title = x.title AND e.organizer_user_id IS NULL`,
    [events.map((e) => e.organizerId), events.map((e) => e.title)],
  );
  const { rows } = await tx.query<{ id: number; title: string }>(
    `SELECT e.id, e.title FROM events e JOIN unnest($1::int[], $2::text[]) AS x(organizer_id, title) ON e.organizer_user_id = x.organizer_id AND e.title = x.title`,
    [events.map((e) => e.organizerId), events.map((e) => e.title)],
  );
  return new Map(rows.map((r) => [r.title, r.id]));
}

/**
 * One audit row for every decided event that has none (the seeds' decisions, this module's and
 * any other's): made by its reviewer, at its review time.
 */
async function auditDecisions(tx: Queryable): Promise<void> {
  await tx.query(
    `INSERT INTO audit_trail (at, actor_user_id, action, event_id, data)
     SELECT e.reviewed_at, e.reviewed_by, CASE e.status WHEN 'Approved' THEN 'event.approved' ELSE 'event.rejected' END, e.id,
            jsonb_build_object('before', '{"status": "Pending"}'::jsonb, 'after', jsonb_strip_nulls(jsonb_build_object('status', e.status, 'reason', e.rejection_reason)))
     FROM events e
     WHERE e.reviewed_by IS NOT NULL AND e.status IN ('Approved', 'Rejected')
       AND NOT EXISTS (SELECT 1 FROM audit_trail a WHERE a.event_id = e.id AND a.action IN ('event.approved', 'event.rejected'))
     ORDER BY e.reviewed_at, e.id`,
  );
}

interface DemoOrder {
  userId: number;
  sectionId: number;
  seats: number[];
  total: number;
  createdAt: Date;
  paid: { method: PaymentMethod; at: Date; ticketId: string } | null;
}

/**
 * The orders of one past event: `sold` paid ones and one lapsed hold for every eight, dated over
 * its sales window. Seats fill the sections in order (a lapsed hold's seats were released and
 * stayed unsold).
 */
function ordersFor(event: PastEvent, buyers: readonly number[]): DemoOrder[] {
  const random = generator(Number.parseInt(createHash('sha256').update(event.title).digest('hex').slice(0, 8), 16));
  const start = manila(event.on, event.at);
  const from = Math.max(SALES_FROM.getTime(), start.getTime() - SALES_DAYS * DAY_MS);
  const until = start.getTime() - 2 * HOUR_MS;
  const lapsed = Math.round(event.sold / 8);
  const orders: DemoOrder[] = [];
  let paidCount = 0;
  let section = 0;
  let nextSeat = 1;
  for (let n = 0; paidCount < event.sold || orders.length - paidCount < lapsed; n += 1) {
    const paid = (n % 9 !== 8 && paidCount < event.sold) || orders.length - paidCount >= lapsed;
    const count = 1 + Math.floor(random() * random() * 4);
    // Sales pick up as the event nears: most fall in its last weeks.
    const at = new Date(Math.round(until - Math.pow(random(), 1.6) * (until - from)));
    const buyer = buyers[Math.floor(random() * buyers.length)] as number;
    const method = PAYMENT_METHODS[Math.floor(random() * PAYMENT_METHODS.length)] as PaymentMethod;
    if (nextSeat + count - 1 > (DEMO_SECTIONS[section] as DemoSection).capacity) {
      section += 1;
      nextSeat = 1;
    }
    const seats = Array.from({ length: count }, (_, i) => nextSeat + i);
    nextSeat += count;
    orders.push({
      userId: buyer,
      sectionId: (DEMO_SECTIONS[section] as DemoSection).id,
      seats,
      total: event.price * count,
      createdAt: new Date(at.getTime() - (2 + Math.floor(random() * 6)) * 60_000),
      paid: paid ? { method, at, ticketId: ticketIdOf(event.title, n) } : null,
    });
    if (paid) paidCount += 1;
  }
  return orders;
}

/** Orders and seats of a past event that has no order yet (ids drawn from the sequence only then). */
async function ensureSales(tx: Queryable, eventId: number, orders: readonly DemoOrder[]): Promise<void> {
  const { rows: existing } = await tx.query('SELECT 1 FROM orders WHERE event_id = $1 LIMIT 1', [eventId]);
  if (existing.length) return;
  const { rows: idRows } = await tx.query<{ id: number }>(`SELECT nextval(pg_get_serial_sequence('orders', 'id'))::int AS id FROM generate_series(1, $1)`, [orders.length]);
  const ids = idRows.map((r) => r.id);
  await tx.query(
    `INSERT INTO orders (id, user_id, event_id, section_id, status, seat_count, total_amount, created_at, expires_at, payment_method, payment_type, paid_at, ticket_id)
     SELECT x.id, x.user_id, $1, x.section_id, CASE WHEN x.paid_at IS NULL THEN 'expired' ELSE 'paid' END, x.seat_count, x.total, x.created_at,
            x.created_at + interval '10 minutes', x.method, CASE WHEN x.paid_at IS NULL THEN NULL ELSE 'full' END, x.paid_at, x.ticket_id
     FROM unnest($2::int[], $3::int[], $4::int[], $5::int[], $6::numeric[], $7::timestamptz[], $8::text[], $9::timestamptz[], $10::text[])
          AS x(id, user_id, section_id, seat_count, total, created_at, method, paid_at, ticket_id)`,
    [
      eventId,
      ids,
      orders.map((o) => o.userId),
      orders.map((o) => o.sectionId),
      orders.map((o) => o.seats.length),
      orders.map((o) => o.total),
      orders.map((o) => o.createdAt),
      orders.map((o) => o.paid?.method ?? null),
      orders.map((o) => o.paid?.at ?? null),
      orders.map((o) => o.paid?.ticketId ?? null),
    ],
  );
  const seatOrder: number[] = [];
  const seatSection: number[] = [];
  const seatNumber: number[] = [];
  const seatLive: boolean[] = [];
  orders.forEach((o, i) => {
    for (const seat of o.seats) {
      seatOrder.push(ids[i] as number);
      seatSection.push(o.sectionId);
      seatNumber.push(seat);
      seatLive.push(o.paid !== null);
    }
  });
  await tx.query(
    `INSERT INTO order_seats (order_id, event_id, section_id, seat_number, live)
     SELECT x.order_id, $1, x.section_id, x.seat_number, x.live FROM unnest($2::int[], $3::int[], $4::int[], $5::boolean[]) AS x(order_id, section_id, seat_number, live)`,
    [eventId, seatOrder, seatSection, seatNumber, seatLive],
  );
  const paid = orders.flatMap((o, i) => (o.paid ? [{ id: ids[i] as number, seats: o.seats.length }] : []));
  await issueTickets(tx, paid.map((o) => o.id), paid.reduce((sum, o) => sum + o.seats, 0));
}

async function ensureFeedback(tx: Queryable, now: Date, people: Map<string, number>): Promise<void> {
  const senders = PARTICIPANTS.filter((p) => p.status === 'Active' && people.has(p.email));
  const random = generator(4242);
  const rows = FEEDBACK_COMMENTS.map(([rating, comment], i) => {
    const sender = senders[(i * 7) % senders.length] as DemoPerson;
    // Spread over the last four months, newest first in the list order.
    const at = new Date(now.getTime() - (i * 3.3 + random() * 2) * DAY_MS - Math.floor(random() * 10 * HOUR_MS));
    return { userId: people.get(sender.email) as number, rating, comment, at };
  });
  await tx.query(
    `INSERT INTO feedback (user_id, rating, comment, created_at)
     SELECT x.user_id, x.rating, x.comment, x.at FROM unnest($1::int[], $2::int[], $3::text[], $4::timestamptz[]) WITH ORDINALITY AS x(user_id, rating, comment, at, n)
     WHERE NOT EXISTS (SELECT 1 FROM feedback f WHERE f.user_id = x.user_id AND f.comment = x.comment)
     ORDER BY x.at, x.n`,
    [rows.map((r) => r.userId), rows.map((r) => r.rating), rows.map((r) => r.comment), rows.map((r) => r.at)],
  );
}

function displayName(p: DemoPerson): string {
  return [p.firstName, p.middleInitial ? `${p.middleInitial}.` : null, p.lastName].filter(Boolean).join(' ');
}

async function ensureInquiries(tx: Queryable, now: Date, people: Map<string, number>, adminId: number): Promise<void> {
  const senders = PARTICIPANTS.filter((p) => people.has(p.email));
  const rows = INQUIRIES.map((q, i) => {
    const sender = senders[(i * 11 + 5) % senders.length] as DemoPerson;
    const at = new Date(now.getTime() - q.daysAgo * DAY_MS - (i + 1) * 37 * 60_000);
    return { name: displayName(sender), email: sender.email, userId: people.get(sender.email) as number, message: q.message, at, answer: q.answer ? { text: q.answer.text, at: new Date(at.getTime() + q.answer.afterHours * HOUR_MS) } : null };
  });
  await tx.query(
    `INSERT INTO inquiries (name, email, message, user_id, created_at, response, responded_by, responded_at)
     SELECT x.name, x.email, x.message, x.user_id, x.at, x.response, CASE WHEN x.response IS NULL THEN NULL ELSE $8::int END, x.responded_at
     FROM unnest($1::text[], $2::text[], $3::text[], $4::int[], $5::timestamptz[], $6::text[], $7::timestamptz[]) WITH ORDINALITY
          AS x(name, email, message, user_id, at, response, responded_at, n)
     WHERE NOT EXISTS (SELECT 1 FROM inquiries i WHERE lower(i.email) = lower(x.email) AND i.message = x.message)
     ORDER BY x.at, x.n`,
    [rows.map((r) => r.name), rows.map((r) => r.email), rows.map((r) => r.message), rows.map((r) => r.userId), rows.map((r) => r.at), rows.map((r) => r.answer?.text ?? null), rows.map((r) => r.answer?.at ?? null), adminId],
  );
  await tx.query(
    `INSERT INTO audit_trail (at, actor_user_id, action, inquiry_id, data)
     SELECT i.responded_at, i.responded_by, 'inquiry.responded', i.id, '{"before": {"status": "Pending"}, "after": {"status": "Answered"}}'
     FROM inquiries i
     WHERE lower(i.email) = ANY ($1::text[]) AND i.responded_at IS NOT NULL
       AND NOT EXISTS (SELECT 1 FROM audit_trail a WHERE a.inquiry_id = i.id)
     ORDER BY i.responded_at, i.id`,
    [rows.filter((r) => r.answer).map((r) => r.email)],
  );
}

/** The generated Inactive and Restricted accounts got their status from the demo admin: their history says so. */
async function auditAccountStatuses(tx: Queryable, now: Date, people: Map<string, number>, adminId: number): Promise<void> {
  const changed = DEMO_PEOPLE.filter((p): p is DemoPerson & { status: 'Inactive' | 'Restricted' } => p.status !== 'Active' && people.has(p.email));
  await tx.query(
    `INSERT INTO audit_trail (at, actor_user_id, action, account_id, data)
     SELECT x.at, $1, 'account.status_changed', x.user_id,
            jsonb_build_object('before', '{"status": "Active"}'::jsonb, 'after', jsonb_build_object('status', x.status, 'reason', x.reason))
     FROM unnest($2::int[], $3::text[], $4::text[], $5::timestamptz[]) WITH ORDINALITY AS x(user_id, status, reason, at, n)
     WHERE NOT EXISTS (SELECT 1 FROM audit_trail a WHERE a.account_id = x.user_id)
     ORDER BY x.at, x.n`,
    [
      adminId,
      changed.map((p) => people.get(p.email)),
      changed.map((p) => p.status),
      changed.map((p) => STATUS_REASONS[p.status]),
      // Some days after the account was made, and before the seed day.
      changed.map((p) => new Date(now.getTime() - Math.max(1, Math.floor(p.createdDaysAgo / 3)) * DAY_MS)),
    ],
  );
}

/**
 * Seeds the admin screens' data (see the top of this file). Needs the demo logins and people
 * (seedDemo makes them first). `now` anchors the upcoming requests, feedback and inquiries.
 */
export async function seedDemoAdmin(db: Db, now: Date): Promise<void> {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Manila', year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);
  await db.withTransaction(async (tx) => {
    await tx.query('SELECT pg_advisory_xact_lock($1)', [SEED_ADMIN_LOCK]);
    await giveDemoEventsAnEnd(tx);
    const people = await idsByEmail(tx, [ADMIN_EMAIL, ...DEMO_PEOPLE.map((p) => p.email)]);
    const adminId = people.get(ADMIN_EMAIL);
    const organizerIds = ORGANIZERS.map((p) => people.get(p.email));
    if (adminId === undefined || organizerIds.some((id) => id === undefined)) return;
    const organizerOf = (i: number): number => organizerIds[i] as number;

    const past: EventRow[] = PAST_EVENTS.map((e) => {
      const startsAt = manila(e.on, e.at);
      const asked = new Date(Math.max(startsAt.getTime() - SALES_DAYS * DAY_MS, SALES_FROM.getTime()) - 9 * DAY_MS);
      return {
        organizerId: organizerOf(e.organizer), genre: e.genre, title: e.title, description: e.description, line: e.line,
        startsAt, endsAt: new Date(startsAt.getTime() + e.hours * HOUR_MS), price: e.price, hue: e.hue,
        status: 'Approved', reason: null, reviewedAt: new Date(asked.getTime() + 2 * DAY_MS), createdAt: asked,
      };
    });
    const upcoming: EventRow[] = NEW_REQUESTS.map((r) => {
      const startsAt = manila(addDays(today, r.inDays), r.at);
      return {
        organizerId: organizerOf(r.organizer), genre: r.genre, title: r.title, description: r.description, line: r.line,
        startsAt, endsAt: new Date(startsAt.getTime() + r.hours * HOUR_MS), price: r.price, hue: r.hue,
        status: r.decision?.status ?? 'Pending', reason: r.decision?.reason ?? null,
        reviewedAt: r.decision ? new Date(now.getTime() - r.decision.daysAgo * DAY_MS) : null,
        createdAt: new Date(now.getTime() - r.askedDaysAgo * DAY_MS),
      };
    });
    const all = [...past, ...upcoming];
    const eventIds = await ensureEvents(tx, all, adminId);
    await auditDecisions(tx);

    const buyers = PARTICIPANTS.map((p) => people.get(p.email)).filter((id): id is number => id !== undefined);
    for (const e of PAST_EVENTS) {
      const id = eventIds.get(e.title);
      if (id !== undefined) await ensureSales(tx, id, ordersFor(e, buyers));
    }
    await ensureFeedback(tx, now, people);
    await ensureInquiries(tx, now, people, adminId);
    await auditAccountStatuses(tx, now, people, adminId);
  });
}
