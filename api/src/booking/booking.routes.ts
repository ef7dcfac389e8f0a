import { Router } from 'express';
import type { Request } from 'express';
import { LINE_PASS_REQUIRED, bookSeatsRequestSchema, bookedSeatsQuerySchema, orderChoicesRequestSchema, payOrderRequestSchema } from '@sports/contracts';
import {
  availabilityResponseSchema,
  bestSeatsResponseSchema,
  bookSeatsResponseSchema,
  bookedSeatsResponseSchema,
  errorResponseSchema,
  myHoldResponseSchema,
  orderResponseSchema,
  ordersResponseSchema,
} from '@sports/contracts';
import { requireLiveSession, requireSession, sessionUser } from '../auth/auth.middleware';
import type { SessionClaims } from '../auth/session-token';
import { AppError, badRequest, forbidden, notFound, unauthorized } from '../errors';
import { sendJson, sendJsonText } from '../http/reply';
import { isIdText, parseRouteId } from '../http/params';
import { bodyParser, parseInput } from '../http/validate';
import * as booking from './booking.service';
import type { BookingDeps } from './booking.service';
import { payOrder } from './payment.service';
import { chooseTickets } from './order-choices.service';
import { ticketCalendarFile } from '../mail/ticket-mail';

const BAD_ORDER_ID = 'Order id must be a positive whole number';
const BAD_EVENT_ID = 'Event id must be a positive whole number';
const BAD_SEAT_QUERY = 'event_id and section_id must be positive whole numbers';
export const BAD_IDEMPOTENCY_KEY = 'Idempotency-Key header is required (8 to 200 visible characters).';
const IDEMPOTENCY_KEY = /^[\x21-\x7e]{8,200}$/;

/** If-None-Match names `etag` (or is `*`): a list of tags, weak ones compared weakly. */
export function etagMatches(header: string | undefined, etag: string): boolean {
  if (header === undefined) return false;
  if (header === etag) return true;
  return header.split(',').some((tag) => {
    const t = tag.trim();
    return t === '*' || t === etag || t === `W/${etag}`;
  });
}

const parseBookBody = bodyParser(bookSeatsRequestSchema);
const parsePayBody = bodyParser(payOrderRequestSchema);
const parseChoicesBody = bodyParser(orderChoicesRequestSchema);

function idempotencyKey(req: Request): string {
  const key = req.get('Idempotency-Key');
  if (key === undefined || !IDEMPOTENCY_KEY.test(key)) throw badRequest(BAD_IDEMPOTENCY_KEY);
  return key;
}

/**
 * SPEC §7's documented seat calls (get-booked-seats.php, book-seats.php), the sale-day hot path,
 * mounted at /backend/api before the `authenticate` middleware: the grid's poll needs no session,
 * and book-seats checks the session inside its own booking statement (hold-seats.ts). `claimsOf`
 * reads the cookie.
 */
export function specSeatCallsRouter(
  deps: BookingDeps,
  claimsOf: (req: Request) => SessionClaims | null,
  mayHold: (req: Request, userId: number, eventId: number) => Promise<boolean>,
): Router {
  const router = Router();

  // Answered from the process's kept answer while the section is unchanged (live-seats.ts): with
  // no-cache and the ETag, a browser's poll asks "still this one?" and gets a bodiless 304.
  router.get('/get-booked-seats.php', async (req, res) => {
    const q = req.query as Record<string, unknown>;
    if (!isIdText(q.event_id) || !isIdText(q.section_id)) throw badRequest(BAD_SEAT_QUERY);
    const { event_id, section_id } = parseInput(bookedSeatsQuerySchema, q, BAD_SEAT_QUERY);
    const answer = await booking.bookedSeatsAnswer(deps, event_id, section_id);
    res.set({ 'Cache-Control': 'no-cache', ETag: answer.etag });
    if (etagMatches(req.headers['if-none-match'], answer.etag)) {
      res.status(304).end();
      return;
    }
    sendJsonText(res, bookedSeatsResponseSchema, answer.body, 200);
  });

  // The body's user_id is accepted for compatibility and ignored: the hold is the session user's.
  router.post('/book-seats.php', async (req, res) => {
    const claims = claimsOf(req);
    if (!claims) throw unauthorized();
    const input = parseBookBody(req.body);
    // The event's sale has a line (waiting-room.ts): only a pass holds seats.
    if (!(await mayHold(req, claims.userId, input.event_id))) throw forbidden(LINE_PASS_REQUIRED);
    const { status, body } = await booking.bookSeats(deps, claims, input);
    // A changed hold may have moved from another section of the event: all its sections then.
    if (status === 200) deps.live.announce(input.event_id, input.order_id === undefined ? input.section_id : null);
    sendJson(res, bookSeatsResponseSchema, body, status);
  });

  return router;
}

/**
 * The seat map's availability, mounted at /api before the `authenticate` middleware and the other
 * routers: every open seat map asks it, it needs no session, and it is answered from memory
 * (live-seats.ts), so the way to it is kept short.
 */
export function seatMapRouter(deps: BookingDeps): Router {
  const router = Router();
  router.get('/events/:id/availability', async (req, res) => {
    res.set('Cache-Control', 'no-store');
    sendJson(res, availabilityResponseSchema, { success: true, sections: await booking.availability(deps, parseRouteId(req.params.id, BAD_EVENT_ID)) });
  });
  return router;
}

/** Orders and payment, mounted at /api. */
export function bookingRouter(deps: BookingDeps): Router {
  const router = Router();

  // "How many seats?" on the seat map: the best block of `count` adjacent seats across the venue.
  router.get('/events/:id/best-seats', async (req, res) => {
    const eventId = parseRouteId(req.params.id, BAD_EVENT_ID);
    const raw = (req.query as Record<string, unknown>).count;
    // Plain digits only ("1e1", " 4", "4.0" and a repeated count are not counts); bestSeats checks the range.
    const count = typeof raw === 'string' && /^\d{1,3}$/.test(raw) ? Number(raw) : Number.NaN;
    res.set('Cache-Control', 'no-store');
    sendJson(res, bestSeatsResponseSchema, { success: true, proposal: await booking.bestSeats(deps, eventId, count) });
  });

  router.get('/my/orders', requireSession, async (req, res) => {
    res.set('Cache-Control', 'no-store');
    sendJson(res, ordersResponseSchema, { success: true, orders: await booking.listOrders(deps, sessionUser(req).user_id) });
  });

  // Checkout opened without its navigation state (a new tab, another device) finds the hold here.
  router.get('/events/:id/my-hold', requireSession, async (req, res) => {
    const eventId = parseRouteId(req.params.id, BAD_EVENT_ID);
    res.set('Cache-Control', 'no-store');
    sendJson(res, myHoldResponseSchema, { success: true, hold: await booking.liveHold(deps, sessionUser(req).user_id, eventId) });
  });

  router.get('/orders/:id', requireSession, async (req, res) => {
    res.set('Cache-Control', 'no-store');
    sendJson(res, orderResponseSchema, { success: true, order: await booking.getOrder(deps, sessionUser(req).user_id, parseRouteId(req.params.id, BAD_ORDER_ID)) });
  });

  // The caller's own held order gives its seats back (Release seats).
  router.post('/orders/:id/release', requireSession, async (req, res) => {
    const order = await booking.releaseOrder(deps, sessionUser(req).user_id, parseRouteId(req.params.id, BAD_ORDER_ID));
    deps.live.announce(order.event.id, order.section.id);
    res.set('Cache-Control', 'no-store');
    sendJson(res, orderResponseSchema, { success: true, order });
  });

  // Checkout's choices for a held order (a category per seat, a promo code), priced by the server.
  router.put('/orders/:id/tickets', requireSession, async (req, res) => {
    const orderId = parseRouteId(req.params.id, BAD_ORDER_ID);
    const input = parseChoicesBody(req.body);
    res.set('Cache-Control', 'no-store');
    sendJson(res, orderResponseSchema, { success: true, order: await chooseTickets(deps, sessionUser(req).user_id, orderId, input) });
  });

  // The paid ticket as a calendar file: the ticket page's Add to calendar (the mail attaches the same).
  router.get('/orders/:id/calendar.ics', requireSession, async (req, res) => {
    const file = await ticketCalendarFile(deps, sessionUser(req).user_id, parseRouteId(req.params.id, BAD_ORDER_ID));
    if (!file) throw notFound(booking.MESSAGES.orderNotFound);
    res
      .status(200)
      .set({ 'Cache-Control': 'no-store', 'Content-Disposition': `attachment; filename="${file.name}"` })
      .type('text/calendar; charset=utf-8')
      .send(file.text);
  });

  return router;
}

/**
 * POST /api/orders/:id/pay, mounted at /api before the `authenticate` middleware: a sale's
 * payments are its hot path, and the payment's first statement checks the caller's session
 * itself (payment.service.ts), with the answers `requireSession` gives. `claimsOf` reads the cookie.
 * A request refused as malformed (400) before that statement has its session checked first, so
 * that a caller signed out is told so (401) as on any signed-in route.
 */
export function paymentRouter(deps: BookingDeps, claimsOf: (req: Request) => SessionClaims | null): Router {
  const router = Router();
  router.post('/orders/:id/pay', async (req, res) => {
    const claims = claimsOf(req);
    if (!claims) throw unauthorized();
    const paying = async () => payOrder(deps, claims, parseRouteId(req.params.id, BAD_ORDER_ID), idempotencyKey(req), parsePayBody(req.body));
    const { status, body } = await paying().catch(async (err: unknown) => {
      if (err instanceof AppError && err.status === 400) await requireLiveSession(deps.db, claims);
      throw err;
    });
    // The stored answer of this key, byte for byte: a paid order (200) or a refusal (402).
    res.set('Cache-Control', 'no-store');
    sendJsonText(res, status === 200 ? orderResponseSchema : errorResponseSchema, body, status);
  });
  return router;
}
