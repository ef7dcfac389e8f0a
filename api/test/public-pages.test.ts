// The event page's public answers kept a moment per process (http/public-pages.ts): a crowd
// opening the same page reads it once, a change made through this process shows at once, and one
// made elsewhere (here: straight in the database) within PUBLIC_PAGE_KEEP_MS. Real app, real PostgreSQL.
import type { Event } from '@sports/contracts';
import { PUBLIC_PAGE_KEEP_MS } from '../src/http/public-pages';
import { createUser, login, TEST_PASSWORD } from './support/accounts';
import { startTestApp } from './support/helpers';
import type { TestApp } from './support/helpers';

describe('the event page kept a moment', () => {
  let app: TestApp;
  let admin: string;

  async function insertEvent(title: string, status: 'Approved' | 'Pending'): Promise<number> {
    const { rows } = await app.db.query<{ id: number }>(
      `INSERT INTO events (genre, title, description, starts_at, has_time, price, status)
       VALUES ('sports', $1, 'Kept page test', now() + interval '20 days', true, 90, $2) RETURNING id`,
      [title, status],
    );
    return (rows[0] as { id: number }).id;
  }
  const titleOf = async (id: number): Promise<string> => ((await (await app.get(`/api/events/${id}`)).json()) as { event: Event }).event.title;
  const retitle = (id: number, title: string) => app.db.query('UPDATE events SET title = $2 WHERE id = $1', [id, title]);

  beforeAll(async () => {
    app = await startTestApp();
    const user = await createUser(app.db, { role: 'Admin' });
    admin = (await login(app, user.email, TEST_PASSWORD)).cookie;
  });
  afterAll(async () => {
    await app.stop();
  });

  it('answers from memory within its time, anew after it, and at once after a write through this process', async () => {
    const id = await insertEvent('Kept page: first', 'Approved');
    expect(await titleOf(id)).toBe('Kept page: first');

    // Changed elsewhere: the kept answer until its time is up.
    await retitle(id, 'Kept page: second');
    expect(await titleOf(id)).toBe('Kept page: first');
    await new Promise((resolve) => setTimeout(resolve, PUBLIC_PAGE_KEEP_MS + 50));
    expect(await titleOf(id)).toBe('Kept page: second');

    // A write an admin makes through this process (approving another event) drops it at once.
    await retitle(id, 'Kept page: third');
    expect(await titleOf(id)).toBe('Kept page: second');
    const pending = await insertEvent('Kept page: pending', 'Pending');
    expect((await app.post(`/api/admin/events/${pending}/approve`, {}, { Cookie: admin })).status).toBe(200);
    expect(await titleOf(id)).toBe('Kept page: third');
  });

  it('shares one read among callers asking at once, and keeps no refusal', async () => {
    const id = await insertEvent('Kept page: crowd', 'Approved');
    const answers = await Promise.all(Array.from({ length: 20 }, () => titleOf(id)));
    expect(new Set(answers)).toEqual(new Set(['Kept page: crowd']));

    const hidden = await insertEvent('Kept page: hidden', 'Pending');
    expect((await app.get(`/api/events/${hidden}`)).status).toBe(404);
    await app.db.query(`UPDATE events SET status = 'Approved' WHERE id = $1`, [hidden]);
    expect(await titleOf(hidden)).toBe('Kept page: hidden');
  });
});
