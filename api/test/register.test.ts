import argon2 from 'argon2';
import { countUsersByEmail, mailsFor, registration, TEST_PASSWORD, uniqueEmail } from './support/accounts';
import type { OutboxRow } from './support/accounts';
import { startTestApp } from './support/helpers';
import type { TestApp } from './support/helpers';

interface ErrorBody {
  success: false;
  error: string;
}

/** The newest mail of `to` with `subject`, once the queue has sent it (registration queues it, then answers). */
async function waitForSubject(db: TestApp['db'], to: string, subject: string): Promise<OutboxRow> {
  const deadline = Date.now() + 5_000;
  for (;;) {
    const mail = (await mailsFor(db, to)).find((m) => m.subject === subject);
    if (mail) return mail;
    if (Date.now() > deadline) throw new Error(`no mail "${subject}" for ${to}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

describe('POST /api/register.php', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp();
  });
  afterAll(async () => {
    await app.stop();
  });

  async function expectRefused(body: unknown, status: number, error: string | RegExp): Promise<void> {
    const res = await app.post('/api/register.php', body);
    expect(res.status).toBe(status);
    const answer = (await res.json()) as ErrorBody;
    expect(answer.success).toBe(false);
    if (typeof error === 'string') expect(answer.error).toBe(error);
    else expect(answer.error).toMatch(error);
  }

  it('stores an Active Participant with the address and an argon2id hash, and answers { success: true }', async () => {
    // Mixed case and spaces around it: stored trimmed, as typed. Unique, so the suite can run again on the same database.
    const email = uniqueEmail('New.User').replace('@example.test', '@Example.test');
    const record = await registration(app.db, { email: `  ${email}  ` });
    const res = await app.post('/api/register.php', record);
    expect(res.status).toBe(201);
    expect(await res.json()).toEqual({ success: true });
    const { rows } = await app.db.query<Record<string, unknown>>(
      `SELECT u.email, u.first_name, u.last_name, u.middle_initial, u.suffix, u.gender, r.name AS role, u.status, u.password_hash,
              u.region_code, u.province_code, u.city_code, u.barangay_code, u.house_address, u.account_no
       FROM users u JOIN roles r ON r.id = u.role_id WHERE lower(u.email) = lower($1)`,
      [email],
    );
    expect(rows).toHaveLength(1);
    const row = rows[0] as Record<string, string>;
    expect(row).toMatchObject({
      email,
      first_name: 'Juan',
      last_name: 'Dela Cruz',
      middle_initial: 'P',
      suffix: 'Jr',
      gender: 'Male',
      role: 'Participant',
      status: 'Active',
      region_code: record.region_id,
      province_code: record.province_id,
      city_code: record.city_id,
      barangay_code: record.barangay_id,
      house_address: '12 Sampaguita St.',
    });
    expect(row.account_no).toMatch(/^\d{12}$/);
    expect(row.password_hash).toMatch(/^\$argon2id\$v=19\$m=19456,p=1,t=2\$/);
    expect(await argon2.verify(row.password_hash as string, record.password as string)).toBe(true);
  });

  it('stores "none" for the optional middle initial and suffix', async () => {
    const record = await registration(app.db, { middle_initial: '', suffix: '' });
    expect((await app.post('/api/register.php', record)).status).toBe(201);
    const { rows } = await app.db.query('SELECT middle_initial, suffix FROM users WHERE email = $1', [record.email]);
    expect(rows).toEqual([{ middle_initial: null, suffix: null }]);
  });

  it('lets a person decline to give a gender (Prefer not to say)', async () => {
    const record = await registration(app.db, { gender: 'Prefer not to say' });
    expect((await app.post('/api/register.php', record)).status).toBe(201);
    const { rows } = await app.db.query('SELECT gender FROM users WHERE email = $1', [record.email]);
    expect(rows).toEqual([{ gender: 'Prefer not to say' }]);
  });

  it('answers a known email exactly as a new one, in any letter case, storing nothing and mailing its owner instead', async () => {
    const email = uniqueEmail('dup');
    const first = await app.post('/api/register.php', await registration(app.db, { email }));
    const firstAnswer = { status: first.status, body: await first.json(), cache: first.headers.get('cache-control') };
    expect(firstAnswer).toEqual({ status: 201, body: { success: true }, cache: 'no-store' });
    for (const again of [email, email.toUpperCase(), ` ${email.replace(/^d/, 'D')} `, 'VISITOR@demo.local']) {
      const res = await app.post('/api/register.php', await registration(app.db, { email: again, password: 'another secret pass' }));
      expect({ status: res.status, body: await res.json(), cache: res.headers.get('cache-control') }).toEqual(firstAnswer);
    }
    expect(await countUsersByEmail(app.db, email)).toBe(1);
    // The first registration's password still stands: a second sign-up changes nothing.
    const { rows } = await app.db.query<{ password_hash: string; email_confirmed_at: Date | null }>('SELECT password_hash, email_confirmed_at FROM users WHERE lower(email) = lower($1)', [email]);
    expect(await argon2.verify((rows[0] as { password_hash: string }).password_hash, TEST_PASSWORD)).toBe(true);
    expect(rows[0]?.email_confirmed_at).toBeNull();
    // The new address got its link; the known one a note, once per hour however often it is tried.
    const queued = await app.db.query<{ subject: string }>('SELECT subject FROM mail_queue WHERE lower("to") = lower($1) ORDER BY subject', [email]);
    expect(queued.rows.map((r) => r.subject)).toEqual(['Confirm your email address', 'Someone tried to register with your email']);
    const note = await waitForSubject(app.db, email, 'Someone tried to register with your email');
    expect(note.text).toContain('/ForgotPassword');
    expect(note.text).not.toContain('confirm-email');
    expect((await waitForSubject(app.db, email, 'Confirm your email address')).text).toMatch(/\/confirm-email\?token=[A-Za-z0-9_-]{43}\n/);
    expect((await waitForSubject(app.db, 'visitor@demo.local', 'Someone tried to register with your email')).text).toContain('Hello Liza');
  });

  it('gives one account when the same email registers twice at once, every answer the same', async () => {
    const email = uniqueEmail('race');
    const answers = await Promise.all([0, 1, 2].map(async () => (await app.post('/api/register.php', await registration(app.db, { email }))).status));
    expect(answers).toEqual([201, 201, 201]);
    expect(await countUsersByEmail(app.db, email)).toBe(1);
  });

  const cases: Array<[string, Record<string, unknown>, string]> = [
    ['no first name', { first_name: '' }, 'First name is required'],
    ['a blank first name', { first_name: '   ' }, 'First name is required'],
    ['a first name of only a zero-width space', { first_name: '\u200b' }, 'First name is required'],
    ['a last name of only bidirectional controls', { last_name: ' \u202e\u2066 ' }, 'Last name is required'],
    ['no last name', { last_name: undefined }, 'Last name is required'],
    ['a bad middle initial', { middle_initial: 'ab' }, 'Middle initial must be a letter A-Z or none'],
    ['a lowercase middle initial', { middle_initial: 'p' }, 'Middle initial must be a letter A-Z or none'],
    ['an unknown suffix', { suffix: 'Esq' }, 'Suffix must be none, Jr, Sr, II or III'],
    ['no gender', { gender: '' }, 'Gender is required'],
    ['no region', { region_id: '' }, 'Region is required'],
    ['no province', { province_id: undefined }, 'Province is required'],
    ['no city', { city_id: 'abc' }, 'City/Municipality is required'],
    ['no barangay', { barangay_id: '' }, 'Barangay is required'],
    ['no house address', { house_address: ' ' }, 'House address is required'],
    ['no email', { email: '' }, 'Email is required'],
    ['a malformed email', { email: 'not-an-email' }, 'Invalid email format'],
    ['no password', { password: '' }, 'Password is required'],
    ['a short password', { password: 'abc12' }, 'Password must be at least 6 characters'],
  ];
  it.each(cases)('refuses %s with SPEC\'s message (400) and stores nothing', async (_name, change, message) => {
    const record = await registration(app.db, change);
    await expectRefused(record, 400, message);
    expect(await countUsersByEmail(app.db, String(record.email ?? ''))).toBe(0);
  });

  it('refuses the most common passwords, whatever their case', async () => {
    for (const password of ['password', '123456', 'qwerty', 'Password1', 'iloveyou', '12345678', 'QWERTY123']) {
      const record = await registration(app.db, { password });
      await expectRefused(record, 400, 'This password is too common. Please choose a less common password.');
      expect(await countUsersByEmail(app.db, record.email as string)).toBe(0);
    }
  });

  it('refuses an address whose parts do not belong together', async () => {
    const { rows } = await app.db.query<{ region: string; province: string; city: string; barangay: string }>(
      `SELECT p.region_code AS region, p.code AS province, c.code AS city, b.code AS barangay
       FROM barangays b JOIN cities c ON c.code = b.city_code JOIN provinces p ON p.code = c.province_code
       WHERE p.region_code = '0300000000' ORDER BY b.code LIMIT 1`,
    );
    const elsewhere = rows[0] as { region: string; province: string; city: string; barangay: string };
    const base = await registration(app.db);
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ region_id: '9900000000' }, 'Please select a valid region.'],
      [{ region_id: elsewhere.region }, 'The selected province is not in the selected region.'],
      [{ province_id: elsewhere.province }, 'The selected province is not in the selected region.'],
      [{ province_id: '1399900000' }, 'The selected province is not in the selected region.'],
      [{ city_id: elsewhere.city }, 'The selected city/municipality is not in the selected province.'],
      [{ barangay_id: elsewhere.barangay }, 'The selected barangay is not in the selected city/municipality.'],
      [{ barangay_id: '1399999999' }, 'The selected barangay is not in the selected city/municipality.'],
    ];
    for (const [change, message] of cases) {
      const record = { ...base, ...change, email: uniqueEmail('addr') };
      await expectRefused(record, 400, message);
      expect(await countUsersByEmail(app.db, record.email)).toBe(0);
    }
  });

  it('lets the database refuse a broken address chain too', async () => {
    const base = await registration(app.db);
    await expect(
      app.db.query(
        `INSERT INTO users (email, first_name, last_name, region_code, province_code, city_code, barangay_code, house_address)
         VALUES ($1, 'A', 'B', '0300000000', $2, $3, $4, 'x')`,
        [uniqueEmail('db'), base.province_id, base.city_id, base.barangay_id],
      ),
    ).rejects.toMatchObject({ code: '23503' });
  });

  it('answers hostile input with a 4xx and stores nothing', async () => {
    const hostile: Array<[string, unknown, number]> = [
      ['huge first name', { first_name: 'A'.repeat(10_000) }, 400],
      ['huge password', { password: 'p'.repeat(5_000) }, 400],
      ['number as a name', { first_name: 42 }, 400],
      ['object as email', { email: { $ne: null } }, 400],
      ['array as region', { region_id: ['1300000000'] }, 400],
      ['null gender', { gender: null }, 400],
      ['boolean password', { password: true }, 400],
      ['extra field', { role_id: 1 }, 400],
      ['extra role field', { role_name: 'Admin', status: 'Active' }, 400],
      ['NUL in a name', { first_name: 'Ju\u0000an' }, 400],
    ];
    for (const [name, change, status] of hostile) {
      const record = { ...(await registration(app.db)), ...(change as object) };
      const res = await app.post('/api/register.php', record);
      expect([name, res.status]).toEqual([name, status]);
      const body = (await res.json()) as ErrorBody;
      expect(body.success).toBe(false);
      expect(body.error.length).toBeGreaterThan(0);
      expect(body.error.length).toBeLessThan(200);
      expect(await countUsersByEmail(app.db, String((record as { email: unknown }).email))).toBe(0);
    }
    for (const raw of ['[]', '"text"', '42', 'null']) {
      const res = await app.get('/api/register.php', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: raw });
      expect(res.status).toBe(400);
    }
    const extra = await app.post('/api/register.php', { ...(await registration(app.db)), role_id: 1 });
    expect(await extra.json()).toEqual({ success: false, error: 'Unexpected field: role_id' });
    const tooBig = await app.post('/api/register.php', { ...(await registration(app.db)), house_address: 'x'.repeat(200_000) });
    expect(tooBig.status).toBe(413);
  });

  it('stores SQL-looking text verbatim', async () => {
    const sneaky = "Robert'); DROP TABLE users;--";
    const record = await registration(app.db, { first_name: sneaky, last_name: "O'Brien \\ %_", house_address: "1' OR '1'='1" });
    expect((await app.post('/api/register.php', record)).status).toBe(201);
    const { rows } = await app.db.query('SELECT first_name, last_name, house_address FROM users WHERE email = $1', [record.email]);
    expect(rows).toEqual([{ first_name: sneaky, last_name: "O'Brien \\ %_", house_address: "1' OR '1'='1" }]);
  });

  it('stores names and the address without invisible or bidirectional control characters, in NFC', async () => {
    const record = await registration(app.db, { first_name: 'Jose\u0301\u200b', last_name: '\u202eDela Pen\u0303a', house_address: '12 Sampaguita\u00ad St.\ufeff' });
    expect((await app.post('/api/register.php', record)).status).toBe(201);
    const { rows } = await app.db.query('SELECT first_name, last_name, house_address FROM users WHERE email = $1', [record.email]);
    expect(rows).toEqual([{ first_name: 'José', last_name: 'Dela Peña', house_address: '12 Sampaguita St.' }]);
  });

  it('needs a JSON body', async () => {
    const record = await registration(app.db);
    const res = await app.get('/api/register.php', { method: 'POST', headers: { 'Content-Type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams(record as Record<string, string>).toString() });
    expect(res.status).toBe(415);
    expect(await countUsersByEmail(app.db, record.email as string)).toBe(0);
  });
});
