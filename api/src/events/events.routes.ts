import { Router } from 'express';
import { GENRES, eventsQuerySchema, idParamSchema } from '@sports/contracts';
import type { EventResponse, EventsResponse, FeaturedResponse } from '@sports/contracts';
import type { Queryable } from '../db';
import { badRequest } from '../errors';
import { parseInput } from '../http/validate';
import * as events from './events.service';

const BAD_GENRE = `genre must be one of: ${GENRES.join(', ')}`;
const BAD_ID = 'Event id must be a positive whole number';

/** Plain decimal digits only ("0x10", "1e3" or " 7" are not ids), then the contract's range. */
function parseId(params: unknown): number {
  const raw = (params as { id?: unknown }).id;
  if (typeof raw !== 'string' || !/^\d{1,10}$/.test(raw)) throw badRequest(BAD_ID);
  return parseInput(idParamSchema, params, BAD_ID).id;
}

export function eventsRouter(db: Queryable): Router {
  const router = Router();

  router.get('/events', async (req, res) => {
    const { genre } = parseInput(eventsQuerySchema, req.query, BAD_GENRE);
    const body: EventsResponse = { success: true, events: await events.listEvents(db, genre) };
    res.json(body);
  });

  router.get('/events/featured', async (_req, res) => {
    const body: FeaturedResponse = { success: true, featured: await events.listFeatured(db) };
    res.json(body);
  });

  router.get('/events/:id', async (req, res) => {
    const body: EventResponse = { success: true, event: await events.getEvent(db, parseId(req.params)) };
    res.json(body);
  });

  for (const [file, withText] of [['image.svg', true], ['banner.svg', false]] as const) {
    router.get(`/events/:id/${file}`, async (req, res) => {
      const svg = await events.getPoster(db, parseId(req.params), { withText });
      // A public image: any of our origins (shell, remotes) may show it, whatever host name they use.
      res.set({ 'Cache-Control': 'public, max-age=3600', 'Cross-Origin-Resource-Policy': 'cross-origin' }).type('image/svg+xml').send(svg);
    });
  }

  return router;
}
