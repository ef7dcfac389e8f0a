// My Account (Data Privacy Act of 2012): reading and correcting one's profile, changing the
// password (other sessions end), a copy of everything stored about oneself (and nothing of anyone
// else's), and account deletion: the person's details are gone, their tickets and orders stay on
// the organizer's records under "Deleted user", they can no longer sign in, their email is free
// again, and the last administrator cannot delete themselves.
import type { AttendeesResponse, MyDataResponse, ProfileResponse } from '@sports/contracts';
import { ACCOUNT_MESSAGES, myDataResponseSchema, profileResponseSchema } from '@sports/contracts';
import { ADDRESS_MESSAGES } from '../src/locations/locations.service';
import { placeholderEmail } from '../src/account/deletion.repository';
import { migrate } from '../src/db';
import { createLogger } from '../src/logger';
import { createMailer } from '../src/mail/mailer';
import { confirmAddress, createUser, login as loginTo, mailsFor, registration, TEST_PASSWORD, uniqueEmail, validAddress, whoIs } from './support/accounts';
import { json, startBookingApp } from './support/booking';
import type { BookingApp } from './support/booking';
import { freshSchema, startTestApp } from './support/helpers';
import type { FreshSchema, TestApp } from './support/helpers';
import { buyTicket, holdTicket, ownEvent, signedIn } from './support/organizer';
import type { Person } from './support/organizer';

jest.setTimeout(60_000);

describe('My Account', () => {
  let app: BookingApp;
  let organizer: Person;
  let eventId: number;
  let nextSeat = 1;

  beforeAll(async () => {
    app = await startBookingApp();
    organizer = await signedIn(app, 'Organizer', 'Olga');
    eventId = await ownEvent(app.db, organizer.id, { title: `Account test ${process.pid}` });
  }, 60_000);
  afterAll(async () => {
    await app.stop();
  });

  const call = async <T = Record<string, unknown>>(method: string, path: string, cookie?: string, body?: unknown) =>
    json<T & { error?: string }>(await app.request(method, path, { ...(cookie ? { cookie } : {}), ...(body === undefined ? {} : { body }) }));
  const login = (email: string, password: string) => app.request('POST', '/api/login.php', { body: { email, password } });
  const sessionOf = (res: Response) => res.headers.getSetCookie().map((c) => c.split(';')[0] as string).find((c) => c.startsWith('session=')) as string;
  const me = async (cookie: string) => ((await call<{ user: { user_id: number } | null }>('GET', '/api/me', cookie)).body.user?.user_id ?? null);
  const userRow = async (id: number) =>
    (
      await app.db.query<{ email: string; first_name: string; last_name: string; gender: string | null; house_address: string | null; region_code: string | null; password_hash: string | null; deleted_at: Date | null }>(
        'SELECT email, first_name, last_name, gender, house_address, region_code, password_hash, deleted_at FROM users WHERE id = $1',
        [id],
      )
    ).rows[0];
  const buy = (cookie: string, count = 1) => {
    const seats = Array.from({ length: count }, (_, i) => nextSeat + i);
    nextSeat += count;
    return buyTicket(app, cookie, eventId, 5, seats);
  };
  const profileInput = async (overrides: Record<string, unknown> = {}) => ({
    first_name: 'Maria',
    last_name: 'Santos',
    middle_initial: 'L',
    suffix: '',
    gender: 'Female',
    ...(await validAddress(app.db)),
    house_address: '7 Ilang-Ilang St.',
    ...overrides,
  });

  describe('profile', () => {
    it('reads the account and saves a correction; the session shows the new name', async () => {
      const visitor = await signedIn(app, 'Participant', 'Pia');
      const read = await call<ProfileResponse>('GET', '/api/my/profile', visitor.cookie);
      expect(read.status).toBe(200);
      expect(profileResponseSchema.parse(read.body).profile).toMatchObject({ email: visitor.email, first_name: 'Pia', gender: '', region_id: '', has_password: true, google_linked: false });

      const input = await profileInput();
      const saved = await call<ProfileResponse>('PUT', '/api/my/profile', visitor.cookie, input);
      expect(saved.status).toBe(200);
      expect(saved.body.profile).toMatchObject({ ...input, email: visitor.email });
      expect((await call<ProfileResponse>('GET', '/api/my/profile', visitor.cookie)).body.profile).toMatchObject(input);
      expect((await call<{ user: { first_name: string } }>('GET', '/api/me', visitor.cookie)).body.user.first_name).toBe('Maria');
    });

    it('refuses bad input with the registration messages and changes nothing', async () => {
      const visitor = await signedIn(app, 'Participant', 'Quinn');
      const good = await profileInput();
      const wrongBarangay = (await app.db.query<{ code: string }>("SELECT b.code FROM barangays b JOIN cities c ON c.code = b.city_code WHERE c.name <> 'Quezon City' LIMIT 1")).rows[0]?.code;
      const cases: Array<[Record<string, unknown>, string]> = [
        [{ ...good, first_name: '  ' }, 'First name is required'],
        [{ ...good, gender: 'Robot' }, 'Gender is required'],
        [{ ...good, house_address: '' }, 'House address is required'],
        [{ ...good, region_id: 'x' }, 'Region is required'],
        [{ ...good, barangay_id: wrongBarangay }, ADDRESS_MESSAGES.barangay],
        [{ ...good, email: 'new@example.test' }, 'Unexpected field: email'],
      ];
      for (const [body, error] of cases) {
        const res = await call('PUT', '/api/my/profile', visitor.cookie, body);
        expect([res.status, res.body]).toEqual([400, { success: false, error }]);
      }
      expect(await userRow(visitor.id)).toMatchObject({ first_name: 'Quinn', gender: null, house_address: null });
    });

    it('needs a session', async () => {
      for (const [method, path] of [['GET', '/api/my/profile'], ['PUT', '/api/my/profile'], ['POST', '/api/my/password'], ['GET', '/api/my/data'], ['DELETE', '/api/my/account']] as const) {
        const res = await call(method, path, undefined, method === 'GET' ? undefined : {});
        expect([method, path, res.status, res.body.error]).toEqual([method, path, 401, 'Please log in.']);
      }
    });
  });

  describe('password', () => {
    it('changes it after the current one is given: other sessions end, this one stays, the old password no longer signs in', async () => {
      const visitor = await signedIn(app, 'Participant');
      const other = sessionOf(await login(visitor.email, TEST_PASSWORD));
      expect(await me(other)).toBe(visitor.id);

      const res = await call('POST', '/api/my/password', visitor.cookie, { current_password: TEST_PASSWORD, new_password: 'a much newer secret' });
      expect([res.status, res.body]).toEqual([200, { success: true }]);
      expect(await me(visitor.cookie)).toBe(visitor.id);
      expect(await me(other)).toBeNull();
      expect((await login(visitor.email, TEST_PASSWORD)).status).toBe(401);
      expect((await login(visitor.email, 'a much newer secret')).status).toBe(200);
    });

    it('refuses a wrong current password, a weak new one and the same one, changing nothing', async () => {
      const visitor = await signedIn(app, 'Participant');
      const other = sessionOf(await login(visitor.email, TEST_PASSWORD));
      const before = (await userRow(visitor.id))?.password_hash;
      const cases: Array<[Record<string, unknown>, string]> = [
        [{ current_password: 'not my password', new_password: 'a much newer secret' }, ACCOUNT_MESSAGES.currentPasswordWrong],
        [{ current_password: '', new_password: 'a much newer secret' }, ACCOUNT_MESSAGES.currentPasswordRequired],
        [{ current_password: TEST_PASSWORD, new_password: 'short' }, 'Password must be at least 6 characters.'],
        [{ current_password: TEST_PASSWORD, new_password: 'password' }, 'This password is too common. Please choose a less common password.'],
        [{ current_password: TEST_PASSWORD, new_password: TEST_PASSWORD }, ACCOUNT_MESSAGES.samePassword],
      ];
      for (const [body, error] of cases) {
        const res = await call('POST', '/api/my/password', visitor.cookie, body);
        expect([res.status, res.body]).toEqual([400, { success: false, error }]);
      }
      expect((await userRow(visitor.id))?.password_hash).toBe(before);
      expect(await me(other)).toBe(visitor.id);
    });

    it('says so for an account without a password', async () => {
      const visitor = await signedIn(app, 'Participant');
      await app.db.query('UPDATE users SET password_hash = NULL WHERE id = $1', [visitor.id]);
      const res = await call('POST', '/api/my/password', visitor.cookie, { current_password: 'anything', new_password: 'a much newer secret' });
      expect([res.status, res.body.error]).toEqual([400, ACCOUNT_MESSAGES.noPassword]);
      expect((await call<ProfileResponse>('GET', '/api/my/profile', visitor.cookie)).body.profile.has_password).toBe(false);
    });
  });

  describe('a copy of my data', () => {
    it('holds the caller’s account, orders, tickets, writings and sign-ins, and nothing of anyone else', async () => {
      const visitor = await signedIn(app, 'Participant', 'Dora');
      const stranger = await signedIn(app, 'Participant', 'Stefan');
      await call('PUT', '/api/my/profile', visitor.cookie, await profileInput({ first_name: 'Dora' }));
      const order = await buy(visitor.cookie, 2);
      const theirs = await buy(stranger.cookie);
      await app.db.query("INSERT INTO feedback (user_id, rating, comment) VALUES ($1, 5, 'Mine'), ($2, 1, 'Not mine')", [visitor.id, stranger.id]);
      await app.db.query(
        "INSERT INTO inquiries (name, email, message, user_id) VALUES ('Dora', $1, 'My question', $2), ('Stefan', $3, 'Their question', $4)",
        [visitor.email, visitor.id, stranger.email, stranger.id],
      );

      const res = await app.request('GET', '/api/my/data', { cookie: visitor.cookie });
      expect(res.status).toBe(200);
      expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename="my-data-\d{4}-\d{2}-\d{2}\.json"$/);
      const data: MyDataResponse = myDataResponseSchema.parse(await res.json());
      expect(data.account).toMatchObject({ id: visitor.id, email: visitor.email, firstName: 'Dora', hasPassword: true });
      expect(data.account.address?.city?.name).toBe('Quezon City');
      expect(data.orders.map((o) => o.id)).toEqual([order.orderId]);
      expect(data.orders[0]).toMatchObject({ status: 'paid', seats: order.tickets?.map((t) => t.seat), event: { id: eventId } });
      expect(data.tickets.map((t) => t.id).sort()).toEqual((order.tickets ?? []).map((t) => t.ticketId).sort());
      expect(data.feedback.map((f) => f.comment)).toEqual(['Mine']);
      expect(data.inquiries.map((i) => i.message)).toEqual(['My question']);
      expect(data.sessions.length).toBeGreaterThan(0);
      const text = JSON.stringify(data);
      for (const foreign of [stranger.email, 'Stefan', 'Their question', 'Not mine', theirs.tickets?.[0]?.ticketId as string]) expect(text).not.toContain(foreign);
      // No signed QR, password hash or token leaves with it.
      expect(text).not.toMatch(/argon2|"qr"|token/i);
    });
  });

  describe('deleting the account', () => {
    it('removes the person’s details; tickets and orders stay under "Deleted user"; sign-in fails; the email is free again', async () => {
      const email = uniqueEmail('leaving');
      const record = await registration(app.db, { email, first_name: 'Lea', last_name: 'Ving' });
      expect((await app.request('POST', '/api/register.php', { body: record })).status).toBe(201);
      await confirmAddress(app, email);
      const first = await login(email, TEST_PASSWORD);
      const cookie = sessionOf(first);
      const other = sessionOf(await login(email, TEST_PASSWORD));
      const userId = (await me(cookie)) as number;
      const order = await buy(cookie);
      const heldOrder = await holdTicket(app, cookie, eventId, 5, [nextSeat++]);
      await app.db.query("INSERT INTO user_identities (provider, subject, user_id, email) VALUES ('google', $1, $2, $3)", [`sub-${userId}`, userId, email]);

      // A wrong confirmation changes nothing.
      const wrong = await call('DELETE', '/api/my/account', cookie, { password: 'not my password' });
      expect([wrong.status, wrong.body.error]).toEqual([400, ACCOUNT_MESSAGES.deletePasswordWrong]);
      const missing = await call('DELETE', '/api/my/account', cookie, {});
      expect([missing.status, missing.body.error]).toEqual([400, ACCOUNT_MESSAGES.deletePasswordRequired]);
      expect((await userRow(userId))?.deleted_at).toBeNull();

      const res = await app.request('DELETE', '/api/my/account', { cookie, body: { password: TEST_PASSWORD } });
      expect(res.status).toBe(200);
      expect(res.headers.getSetCookie().some((c) => /^session=;/.test(c))).toBe(true);
      expect(res.headers.getSetCookie().some((c) => /^device=;/.test(c))).toBe(true);

      const row = await userRow(userId);
      expect(row).toMatchObject({ first_name: 'Deleted', last_name: 'user', gender: null, house_address: null, region_code: null, password_hash: null });
      expect(row?.email).toBe(`deleted-user-${userId}@deleted.invalid`);
      expect(row?.deleted_at).toBeInstanceOf(Date);
      expect((await app.db.query('SELECT 1 FROM user_identities WHERE user_id = $1', [userId])).rowCount).toBe(0);
      expect(await me(cookie)).toBeNull();
      expect(await me(other)).toBeNull();

      // The hold is given back; the paid order and its tickets stay, under the anonymised name.
      const orders = (await app.db.query<{ id: number; status: string }>('SELECT id, status FROM orders WHERE user_id = $1 ORDER BY id', [userId])).rows;
      expect(orders).toEqual([
        { id: order.orderId, status: 'paid' },
        { id: heldOrder, status: 'expired' },
      ]);
      expect((await app.db.query('SELECT 1 FROM order_seats WHERE order_id = $1 AND live', [heldOrder])).rowCount).toBe(0);
      const attendees = await call<AttendeesResponse>('GET', `/api/organizer/events/${eventId}/attendees?q=${order.orderId}`, organizer.cookie);
      expect(attendees.status).toBe(200);
      const listed = attendees.body.attendees.find((a) => a.orderId === order.orderId);
      expect(listed).toMatchObject({ name: 'Deleted user', ticketId: order.tickets?.[0]?.ticketId });
      expect(JSON.stringify(attendees.body)).not.toContain(email);

      const trail = (await app.db.query<{ actor_user_id: number; data: Record<string, unknown> }>("SELECT actor_user_id, data FROM audit_trail WHERE action = 'account.deleted' AND account_id = $1", [userId])).rows;
      expect(trail).toEqual([{ actor_user_id: userId, data: { role: 'Participant', holdsReleased: 1 } }]);

      // The old password opens nothing; the address can make a new account.
      expect((await login(email, TEST_PASSWORD)).status).toBe(401);
      expect((await app.request('POST', '/api/register.php', { body: { ...record, first_name: 'Again' } })).status).toBe(201);
      const again = (await app.db.query<{ id: number; first_name: string }>('SELECT id, first_name FROM users WHERE lower(email) = lower($1)', [email])).rows;
      expect(again).toHaveLength(1);
      expect(again[0]?.id).not.toBe(userId);
    });

    it('mail to a deleted account’s address is not sent', async () => {
      const mailer = createMailer(app.config.mail, { db: app.db, logger: createLogger('silent') });
      await mailer.send({ to: placeholderEmail(999_999_999), subject: 'Your event was cancelled', text: 'Sorry.' });
      expect(await mailsFor(app.db, placeholderEmail(999_999_999))).toEqual([]);
      const someone = uniqueEmail('still-here');
      await mailer.send({ to: someone, subject: 'Your event was cancelled', text: 'Sorry.' });
      expect(await mailsFor(app.db, someone)).toHaveLength(1);
    });

    it('an account without a password confirms with its email', async () => {
      const visitor = await signedIn(app, 'Participant');
      await app.db.query('UPDATE users SET password_hash = NULL WHERE id = $1', [visitor.id]);
      const wrong = await call('DELETE', '/api/my/account', visitor.cookie, { email: 'someone.else@example.test' });
      expect([wrong.status, wrong.body.error]).toEqual([400, ACCOUNT_MESSAGES.deleteEmailWrong]);
      const res = await call('DELETE', '/api/my/account', visitor.cookie, { email: ` ${visitor.email.toUpperCase()} ` });
      expect(res.status).toBe(200);
      expect((await userRow(visitor.id))?.first_name).toBe('Deleted');
    });
  });

  // In a database of its own: the shared one has the demo's administrators, which other suites sign in as.
  describe('the last administrator', () => {
    let s: FreshSchema;
    let own: TestApp;
    beforeAll(async () => {
      s = await freshSchema();
      await migrate(s.db);
      own = await startTestApp({ databaseUrl: s.url, prepare: false });
    }, 60_000);
    afterAll(async () => {
      await own.stop();
      await s.drop();
    });
    const remove = async (cookie: string) => {
      const res = await fetch(`${own.url}/api/my/account`, { method: 'DELETE', headers: { 'Content-Type': 'application/json', Cookie: cookie }, body: JSON.stringify({ password: TEST_PASSWORD }) });
      return { status: res.status, body: (await res.json()) as { error?: string } };
    };

    it('cannot delete themselves (409, nothing changed); once there is another one, they can', async () => {
      const admin = await createUser(s.db, { role: 'Admin' });
      const { cookie } = await loginTo(own, admin.email, TEST_PASSWORD);
      const refused = await remove(cookie);
      expect([refused.status, refused.body.error]).toEqual([409, ACCOUNT_MESSAGES.lastAdmin]);
      expect((await s.db.query('SELECT 1 FROM users WHERE id = $1 AND deleted_at IS NULL', [admin.id])).rowCount).toBe(1);
      expect((await whoIs(own, cookie)).user?.user_id).toBe(admin.id);

      // An Inactive admin does not count; an Active one does.
      const inactive = await createUser(s.db, { role: 'Admin', status: 'Inactive' });
      expect((await remove(cookie)).status).toBe(409);
      await s.db.query("UPDATE users SET status = 'Active' WHERE id = $1", [inactive.id]);
      expect((await remove(cookie)).status).toBe(200);
      expect((await s.db.query<{ first_name: string }>('SELECT first_name FROM users WHERE id = $1', [admin.id])).rows[0]?.first_name).toBe('Deleted');
    });
  });
});
