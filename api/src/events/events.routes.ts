import { Router } from 'express';
import {
  GENRES,
  eventResponseSchema,
  eventSearchQuerySchema,
  eventSearchResponseSchema,
  eventsQuerySchema,
  eventsResponseSchema,
  featuredResponseSchema,
} from '@sports/contracts';
import type { Event } from '@sports/contracts';
import type { Clock } from '../clock';
import type { Queryable } from '../db';
import type { KeptAnswers } from '../http/kept-answers';
import { notFound } from '../errors';
import { sendJson } from '../http/reply';
import { parseRouteId } from '../http/params';
import { parseInput } from '../http/validate';
import * as events from './events.service';
import { eventPage } from './event-page';
import { posterPng } from './poster-png';

const BAD_GENRE = `genre must be one of: ${GENRES.join(', ')}`;
const BAD_ID = 'Event id must be a positive whole number';

/**
 * Public, mounted before the session is looked up. `lawDiscountPercent`: LAW_DISCOUNT_PERCENT, what
 * Senior Citizen and PWD tickets get off.
 */
export function eventsRouter(db: Queryable, clock: Clock, lawDiscountPercent: number, kept: KeptAnswers<Event>): Router {
  const router = Router();

  router.get('/events', async (req, res) => {
    const { genre } = parseInput(eventsQuerySchema, req.query, BAD_GENRE);
    sendJson(res, eventsResponseSchema, { success: true, events: await events.listEvents(db, clock.now(), genre) });
  });

  // Before /events/:id, which would read "past" as an id.
  router.get('/events/past', async (req, res) => {
    const { genre } = parseInput(eventsQuerySchema, req.query, BAD_GENRE);
    sendJson(res, eventsResponseSchema, { success: true, events: await events.listPastEvents(db, clock.now(), genre) });
  });

  // Also before /events/:id. Bad parameters: a 400 naming the first one wrong.
  router.get('/events/search', async (req, res) => {
    const query = parseInput(eventSearchQuerySchema, req.query);
    sendJson(res, eventSearchResponseSchema, { success: true, ...(await events.search(db, clock.now(), query)) });
  });

  router.get('/events/featured', async (_req, res) => {
    sendJson(res, featuredResponseSchema, { success: true, featured: await events.listFeatured(db, clock.now()) });
  });

  router.get('/events/:id', async (req, res) => {
    const id = parseRouteId(req.params.id, BAD_ID);
    const event = await kept.get(String(id), async () => {
      const page = await eventPage(db, id, lawDiscountPercent);
      if (!page) throw notFound(events.EVENT_NOT_FOUND);
      return page;
    });
    sendJson(res, eventResponseSchema, { success: true, event });
  });

  // The poster for link previews, which take raster images only (the shell's page tags name it).
  router.get('/events/:id/poster.png', async (req, res) => {
    const png = await posterPng(await events.getPoster(db, parseRouteId(req.params.id, BAD_ID), { withText: true }));
    res.set({ 'Cache-Control': 'public, max-age=3600', 'Cross-Origin-Resource-Policy': 'cross-origin' }).type('image/png').send(png);
  });

  for (const [file, withText] of [['image.svg', true], ['banner.svg', false]] as const) {
    router.get(`/events/:id/${file}`, async (req, res) => {
      const svg = await events.getPoster(db, parseRouteId(req.params.id, BAD_ID), { withText });
      // A public image: any of our origins (shell, remotes) may show it, whatever host name they use.
      res.set({ 'Cache-Control': 'public, max-age=3600', 'Cross-Origin-Resource-Policy': 'cross-origin' }).type('image/svg+xml').send(svg);
    });
  }

  return router;
}
