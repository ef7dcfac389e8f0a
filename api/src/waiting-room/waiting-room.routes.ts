import { Router } from 'express';
import type { Request, Response } from 'express';
import { BAD_WAITING_ROOM_SETTINGS, lineResponseSchema, waitingRoomSettingsRequestSchema, waitingRoomSettingsResponseSchema } from '@sports/contracts';
import type { WaitingRoomSettings } from '@sports/contracts';
import { logAction } from '../audit/log-action';
import { requireLiveSession, sessionUser } from '../auth/auth.middleware';
import type { SessionClaims } from '../auth/session-token';
import type { Config } from '../config';
import type { Db, Queryable } from '../db';
import { notFound, unauthorized } from '../errors';
import { clientIp } from '../http/client-ip';
import { parseRouteId } from '../http/params';
import { sendJson } from '../http/reply';
import { parseInput } from '../http/validate';
import { clearLineCookie, lineCookieOf, setLineCookie } from './line-cookie';
import * as repo from './waiting-room.repository';
import type { LineAnswer, WaitingRoom } from './waiting-room';

const noStore = { 'Cache-Control': 'no-store' };
const BAD_EVENT_ID = 'Event id must be a positive whole number';

function reply(res: Response, config: Pick<Config, 'cookieSecure'>, eventId: number, answer: LineAnswer): void {
  if (typeof answer.cookie === 'string') setLineCookie(res, config, eventId, answer.cookie);
  else if (answer.cookie === null) clearLineCookie(res, config, eventId);
  sendJson(res.set(noStore), lineResponseSchema, { success: true, line: answer.line });
}

/**
 * The caller's place in an event's line, mounted at /api before the `authenticate` middleware: the
 * many sales without a line answer from memory. Joining, keeping a place and leaving need a live
 * session, checked here as `authenticate` would (requireLiveSession): a session token kept after
 * logout is refused with 401 like anywhere else. Where the caller stands is told to a live session
 * only; without a session token the answer is that of anyone outside the line.
 */
export function lineRouter(room: WaitingRoom, config: Pick<Config, 'cookieSecure'>, claimsOf: (req: Request) => SessionClaims | null, db: Queryable): Router {
  const router = Router();
  const signedIn = async (req: Request): Promise<number> => {
    const claims = claimsOf(req);
    if (!claims) throw unauthorized();
    await requireLiveSession(db, claims);
    return claims.userId;
  };

  router.get('/events/:id/line', async (req, res) => {
    const eventId = parseRouteId(req.params.id, BAD_EVENT_ID);
    const claims = claimsOf(req);
    const answer = await room.status(eventId, claims?.userId ?? null, lineCookieOf(req, eventId));
    // No line: nothing about the caller is told, and nothing asked.
    if (claims && answer.line.state !== 'open') await requireLiveSession(db, claims);
    reply(res, config, eventId, answer);
  });

  router.post('/events/:id/line', async (req, res) => {
    const eventId = parseRouteId(req.params.id, BAD_EVENT_ID);
    const userId = await signedIn(req);
    reply(res, config, eventId, await room.keepPlace(eventId, userId, lineCookieOf(req, eventId)));
  });

  router.delete('/events/:id/line', async (req, res) => {
    const eventId = parseRouteId(req.params.id, BAD_EVENT_ID);
    reply(res, config, eventId, await room.leave(eventId, await signedIn(req)));
  });
  return router;
}

export interface WaitingRoomSettingsDeps {
  db: Db;
  room: WaitingRoom;
  defaultShoppers: number;
}

function settingsOf(row: repo.SettingsRow): WaitingRoomSettings {
  return { on: row.forced, active: row.active, shoppers: row.shoppers, waiting: row.waiting };
}

/**
 * An event's waiting room settings, mounted under /api/organizer ('own': the caller's events) and
 * /api/admin ('any'). Another organizer's event is not found.
 */
export function waitingRoomSettingsRouter(deps: WaitingRoomSettingsDeps, scope: 'own' | 'any'): Router {
  const router = Router();
  const read = async (eventId: number, organizerId: number | null): Promise<repo.SettingsRow> => {
    const row = await repo.readSettings(deps.db, eventId, deps.defaultShoppers, organizerId);
    if (!row) throw notFound('Event not found');
    return row;
  };

  router.get('/events/:id/waiting-room', async (req, res) => {
    const eventId = parseRouteId(req.params.id, BAD_EVENT_ID);
    const row = await read(eventId, scope === 'own' ? sessionUser(req).user_id : null);
    sendJson(res.set(noStore), waitingRoomSettingsResponseSchema, { success: true, waitingRoom: settingsOf(row) });
  });

  router.put('/events/:id/waiting-room', async (req, res) => {
    const eventId = parseRouteId(req.params.id, BAD_EVENT_ID);
    const input = parseInput(waitingRoomSettingsRequestSchema, req.body, BAD_WAITING_ROOM_SETTINGS);
    const actorId = sessionUser(req).user_id;
    const before = await read(eventId, scope === 'own' ? actorId : null);
    await deps.db.withTransaction(async (tx) => {
      await repo.writeSettings(tx, eventId, input.on, input.shoppers);
      await logAction(tx, {
        actorId,
        action: 'event.waiting_room_set',
        subject: { eventId },
        ip: clientIp(req),
        data: { before: { on: before.forced, shoppers: before.shoppers }, after: { on: input.on, shoppers: input.shoppers ?? before.shoppers } },
      });
    });
    deps.room.changed();
    const row = await read(eventId, null);
    sendJson(res.set(noStore), waitingRoomSettingsResponseSchema, { success: true, waitingRoom: settingsOf(row) });
  });
  return router;
}
