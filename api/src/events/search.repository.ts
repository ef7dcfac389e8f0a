import type { EventSearchQuery, SearchSort } from '@sports/contracts';
import type { Queryable } from '../db';
import { ARENA_CAPACITY, EVENT_CAPACITY, liveSeatSql } from '../db/event-sql';
import { EVENT_COLUMNS } from './events.repository';
import type { EventRow } from './events.repository';

/** A search result row: the event, its seats not taken at `now`, and how many events matched in all. */
export interface SearchRow extends EventRow {
  seats_left: number;
  total: number;
}

export interface SearchCriteria extends Omit<EventSearchQuery, 'page' | 'sort'> {
  sort: SearchSort;
  limit: number;
  offset: number;
}

// Seats of the event `e` not taken at $1 (sold, or held by a live hold).
const SEATS_LEFT = `(${EVENT_CAPACITY} - (SELECT count(*) FROM order_seats s JOIN orders o ON o.id = s.order_id
  WHERE s.event_id = e.id AND ${liveSeatSql('$1')})::int)`;

/** The order of each sort over the matched events `m`; the id settles ties. */
const ORDER: Record<SearchSort, string> = {
  relevance: 'm.rank DESC, m.starts_at, m.id',
  soonest: 'm.starts_at, m.id',
  price: 'm.price, m.starts_at, m.id',
  newest: 'm.created_at DESC, m.id DESC',
};

/** The most words of a search's text that are looked for; more say nothing a shorter text does not. */
const MAX_SEARCH_WORDS = 6;

/**
 * A typed word this long or longer matches at the connections' threshold (db's TRIGRAM_WORD_THRESHOLD,
 * docs/search.md): one dropped letter of a seven-letter word leaves it about 0.55 similar. A shorter
 * word must reach SHORT_WORD_SIMILARITY, as every word did before: at 0.5 too many short words meet.
 */
const LONG_WORD = 6;
const SHORT_WORD_SIMILARITY = 0.6;

/** One word's check: the trigram index's `%>`, rechecked more strictly for a short word. */
function wordMatch(column: string, word: string, param: (value: unknown) => string): string {
  const folded = `search_fold($${param(word)})`;
  const indexed = `${column} OPERATOR(public.%>) ${folded}`;
  return [...word].length >= LONG_WORD ? indexed : `(${indexed} AND public.word_similarity(${folded}, ${column}) >= ${SHORT_WORD_SIMILARITY})`;
}

/** The words of a search's text: runs of letters and digits (accents kept: the database folds them). */
function searchWords(text: string): string[] {
  return (text.match(/[\p{L}\p{N}]+/gu) ?? []).slice(0, MAX_SEARCH_WORDS);
}

/** Events that may be listed, in the words of the search indexes' predicate (0313), so they serve. */
const LISTABLE = (t: string): string => `${t}.status = 'Approved' AND ${t}.cancelled_at IS NULL`;

/** A start on or after the day $n begins in Manila / before the day after $n begins. */
const manilaDayStart = (param: string, plusDays = 0): string => `(($${param}::date + ${plusDays})::timestamp AT TIME ZONE 'Asia/Manila')`;

/**
 * The events GET /api/events lists (approved, not cancelled, on sale at `now`) that match every
 * criterion given, in the order asked, one page of them. Text matches the folded (lower case,
 * unaccented) title, organizer and venue by word similarity ("basketbal" finds Basketball, "cafe"
 * Café), or the description's words by their beginnings (0313); a match in the title ranks above
 * one in the organizer or venue, and those above one in the description only. The statement names only the
 * criteria given, so each one's index serves it (the trigram index for the text).
 */
export async function searchEvents(db: Queryable, now: Date, c: SearchCriteria): Promise<{ rows: SearchRow[]; total: number }> {
  const params: unknown[] = [now];
  const param = (value: unknown): string => {
    params.push(value);
    return String(params.length);
  };
  const where = [LISTABLE('e'), 'e.starts_at > $1'];
  let rank = '0::float4';
  if (c.q !== undefined) {
    const text = param(c.q);
    const q = `search_fold($${text})`;
    // Every word must be found (as the description's words must): one similarity of the whole
    // text let a single common word ("championship") match hundreds of events, and the planner
    // then read every row, 90 ms (npm run bench:search). Each word's check uses the trigram index.
    const words = searchWords(c.q).map((word) => wordMatch('t.search_text', word, param));
    // Each index answers its own half: as one OR, the planner reads every row instead (it takes
    // the trigram check for cheap), 80 ms for a word over 10,000 events (npm run bench:search).
    where.push(`e.id IN (
      SELECT t.id FROM events t WHERE ${LISTABLE('t')} AND ${words.length > 0 ? words.join(' AND ') : 'false'}
      UNION
      SELECT d.id FROM events d WHERE ${LISTABLE('d')} AND d.search_doc @@ search_prefix_query($${text}))`);
    // Worked out for every match, so only when the results are sorted by it.
    if (c.sort === 'relevance') rank = `2 * public.word_similarity(${q}, e.search_title) + public.word_similarity(${q}, e.search_text)`;
  }
  if (c.genre !== undefined) where.push(`e.genre = $${param(c.genre)}`);
  if (c.from !== undefined) where.push(`e.starts_at >= ${manilaDayStart(param(c.from))}`);
  if (c.to !== undefined) where.push(`e.starts_at < ${manilaDayStart(param(c.to), 1)}`);
  if (c.price === 'free') where.push('e.price = 0');
  if (c.price === 'paid') where.push('e.price > 0');
  if (c.minPrice !== undefined) where.push(`e.price >= $${param(c.minPrice)}`);
  if (c.maxPrice !== undefined) where.push(`e.price <= $${param(c.maxPrice)}`);
  // Seats left of every candidate matching the rest: their live seats counted in one pass (a
  // lookup per event cost more once thousands are candidates, as without text).
  const candidates = `SELECT e.id, ${rank} AS rank, e.starts_at, e.price, e.created_at FROM events e WHERE ${where.join(' AND ')}`;
  const matched =
    c.minSeats === undefined
      ? `matched AS (${candidates})`
      : `candidate AS (${candidates}), taken AS (
           SELECT s.event_id, count(*)::int AS n FROM order_seats s JOIN orders o ON o.id = s.order_id
           WHERE ${liveSeatSql('$1')} AND s.event_id IN (SELECT id FROM candidate)
           GROUP BY s.event_id
         ), matched AS (
           SELECT m.* FROM candidate m LEFT JOIN event_seat_plans sp ON sp.event_id = m.id LEFT JOIN taken tk ON tk.event_id = m.id
           WHERE coalesce(sp.capacity, ${ARENA_CAPACITY}) - coalesce(tk.n, 0) >= $${param(c.minSeats)}
         )`;
  const limit = param(c.limit);
  const offset = param(c.offset);
  const order = ORDER[c.sort];

  // The page's events in its order (hit_pos), each row with the count of all matches; one row
  // with the count only when the page is past the last.
  const { rows } = await db.query<SearchRow & { id: number | null }>(
    `WITH ${matched}, page AS (
       SELECT m.id AS hit_id, row_number() OVER (ORDER BY ${order}) AS hit_pos
       FROM matched m ORDER BY ${order} LIMIT $${limit} OFFSET $${offset}
     )
     SELECT t.total, p.* FROM (SELECT count(*)::int AS total FROM matched) t
     LEFT JOIN LATERAL (
       SELECT ${EVENT_COLUMNS}, ${SEATS_LEFT} AS seats_left, page.hit_pos
       FROM page JOIN events e ON e.id = page.hit_id
     ) p ON true
     ORDER BY p.hit_pos`,
    params,
  );
  return { rows: rows.filter((r): r is SearchRow => r.id !== null), total: rows[0]?.total ?? 0 };
}
