// Ticket QR signatures (PRODUCT §4): Ed25519 over the canonical payload; the gate tells valid
// from altered, forged and malformed codes, online or offline with the public key.
import { createPublicKey, generateKeyPairSync, sign, verify } from 'node:crypto';
import { mkdtemp, rm, stat, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { OrderResponse, TicketPayload, TicketPublicKeyResponse, TicketViewResponse, VerifyTicketResponse } from '@sports/contracts';
import { canonicalTicketPayload, parseTicketQr, ticketViewResponseSchema } from '@sports/contracts';
import { ConfigError, loadConfig } from '../src/config';
import { createTicketSigner, loadOrCreateDevKey } from '../src/orders/ticket-signing';
import { parseSigningKey } from '../src/signing-key';
import { book, createEvent, json, newSession, startBookingApp } from './support/booking';
import type { BookingApp } from './support/booking';

describe('tickets', () => {
  let app: BookingApp;
  let qr: string;
  let ticket: Record<string, unknown>;
  beforeAll(async () => {
    app = await startBookingApp();
    const user = await newSession(app);
    const eventId = await createEvent(app.db, { price: 150 });
    const held = await book(app, user.cookie, eventId, 9, [12, 11]);
    const paid = await json<OrderResponse>(
      await app.request('POST', `/api/orders/${held.body.order?.orderId}/pay`, { cookie: user.cookie, headers: { 'Idempotency-Key': 'ticket-test-key-1' }, body: { paymentMethod: 'bdo', paymentType: 'full' } }),
    );
    qr = paid.body.order.tickets?.[1]?.qr as string;
    ticket = JSON.parse(qr) as Record<string, unknown>;
  });
  afterAll(async () => {
    await app.stop();
  });

  const check = async (text: unknown) => json<VerifyTicketResponse>(await app.request('POST', '/api/tickets/verify', { body: { qr: text } }));
  const withoutSig = (t: Record<string, unknown>) => Object.fromEntries(Object.entries(t).filter(([k]) => k !== 'sig'));

  it('a genuine ticket verifies online', async () => {
    expect(ticket).toMatchObject({ seats: [11, 12], seat: 12, section_id: 9, paymentType: 'full', paymentMethod: 'bdo', totalAmount: 300 });
    expect(await check(qr)).toEqual({ status: 200, body: { success: true, valid: true, ticket: withoutSig(ticket) } });
    // Key order and whitespace do not matter: the canonical form is rebuilt from the values.
    const reordered = JSON.stringify({ sig: ticket.sig, ...withoutSig(ticket) }, null, 2);
    expect((await check(reordered)).body.valid).toBe(true);
  });

  it('a scanner verifies offline with the published public key and the documented canonical form', async () => {
    const { status, body } = await json<TicketPublicKeyResponse>(await app.request('GET', '/api/tickets/public-key'));
    expect(status).toBe(200);
    expect(body).toMatchObject({ success: true, algorithm: 'Ed25519' });
    expect(body.publicKey).toMatch(/^-----BEGIN PUBLIC KEY-----\n/);
    const key = createPublicKey(body.publicKey);
    const message = JSON.stringify({
      ticket_id: ticket.ticket_id,
      event_id: ticket.event_id,
      section_id: ticket.section_id,
      seats: ticket.seats,
      seat: ticket.seat,
      paymentType: ticket.paymentType,
      paymentMethod: ticket.paymentMethod,
      totalAmount: ticket.totalAmount,
    });
    expect(qr).toBe(`${message.slice(0, -1)},"sig":"${ticket.sig as string}"}`);
    expect(verify(null, Buffer.from(message), key, Buffer.from(ticket.sig as string, 'base64url'))).toBe(true);
    expect(verify(null, Buffer.from(message.replace('"seats":[11,12]', '"seats":[11,13]')), key, Buffer.from(ticket.sig as string, 'base64url'))).toBe(false);
  });

  it("an edited ticket (seats, its seat, amount, method, event) is 'altered'", async () => {
    for (const change of [{ seats: [11, 12, 13] }, { seat: 11 }, { totalAmount: 0 }, { paymentMethod: 'gcash' }, { section_id: 1 }, { event_id: 1 }]) {
      expect({ change, ...(await check(JSON.stringify({ ...ticket, ...change }))) }).toEqual({ change, status: 200, body: { success: true, valid: false, reason: 'altered' } });
    }
  });

  it("an unknown ticket id, or a ticket signed by another key, is 'forged'", async () => {
    const other = createTicketSigner(generateKeyPairSync('ed25519').privateKey);
    const payload = withoutSig(ticket) as unknown as TicketPayload;
    // Unknown id, correctly shaped and signed by someone else.
    expect((await check(other.sign({ ...payload, ticket_id: 'AAAAAAAAAAAAAAAAAAAAAA' }))).body).toEqual({ success: true, valid: false, reason: 'forged' });
    // The real ticket's content, signed with another key.
    expect((await check(other.sign(payload))).body).toEqual({ success: true, valid: false, reason: 'forged' });
    // A made-up ticket id with our real signature of another ticket.
    expect((await check(JSON.stringify({ ...ticket, ticket_id: 'BBBBBBBBBBBBBBBBBBBBBB' }))).body).toEqual({ success: true, valid: false, reason: 'forged' });
    // A signature of the right shape but random bytes.
    expect((await check(JSON.stringify({ ...ticket, sig: Buffer.alloc(64, 7).toString('base64url') }))).body.reason).toBe('forged');
  });

  it("garbage is 'malformed' with 200, never a 500", async () => {
    const garbage: string[] = [
      'garbage',
      '{',
      '[]',
      'null',
      '42',
      '"text"',
      '{}',
      JSON.stringify(withoutSig(ticket)),
      JSON.stringify({ ...ticket, extra: 1 }),
      JSON.stringify({ ...ticket, sig: 'short' }),
      JSON.stringify({ ...ticket, seats: [12, 11] }),
      JSON.stringify({ ...ticket, seats: [] }),
      JSON.stringify({ ...ticket, seat: 13 }),
      JSON.stringify({ ...ticket, seat: '12' }),
      JSON.stringify({ ...ticket, seats: ['11'] }),
      JSON.stringify({ ...ticket, event_id: '1' }),
      JSON.stringify({ ...ticket, totalAmount: -1 }),
      JSON.stringify({ ...ticket, paymentType: 'partial' }),
      JSON.stringify({ ...ticket, ticket_id: "' OR 1=1 --" }),
      `${qr.slice(0, -1)},"__proto__":{"x":1}}`,
      'x'.repeat(5000),
      // (NUL itself is refused before any route: text-fuzz.test.ts.)
      '\u0001\uffff',
    ];
    for (const text of garbage) expect({ text: text.slice(0, 40), ...(await check(text)) }).toEqual({ text: text.slice(0, 40), status: 200, body: { success: true, valid: false, reason: 'malformed' } });
  });

  it('opens one ticket on a page of its own by its id, to anyone holding the id; other ids are not found', async () => {
    const { status, body } = await json<TicketViewResponse>(await app.request('GET', `/api/tickets/${ticket.ticket_id as string}`));
    expect(status).toBe(200);
    expect(ticketViewResponseSchema.parse(body)).toMatchObject({
      ticket: { ticketId: ticket.ticket_id, seat: 12, seatName: expect.stringMatching(/12$/), qr, checkedInAt: null, code: expect.stringMatching(/^\w{4}-\w{4}-\w{2}$/) },
      holder: expect.stringMatching(/ Tester$/),
      section: { id: 9 },
      totalAmount: 300,
      ticketsInOrder: 2,
      paymentMethod: 'bdo',
      event: { venue: expect.any(String), startsAt: expect.any(String) },
    });
    for (const id of ['AAAAAAAAAAAAAAAAAAAAAA', 'short', "'%20OR%201=1"]) {
      expect([id, await json(await app.request('GET', `/api/tickets/${id}`))]).toEqual([id, { status: 404, body: { success: false, error: 'Ticket not found' } }]);
    }
  });

  it('a request without a qr string is a 400', async () => {
    for (const body of [{}, { qr: 5 }, { qr: null }, { qr: '' }, { qr: ['a'] }]) {
      expect((await app.request('POST', '/api/tickets/verify', { body })).status).toBe(400);
    }
    expect((await app.request('POST', '/api/tickets/verify', { raw: '{"qr":' })).status).toBe(400);
  });
});

describe('ticket signing keys', () => {
  it('reads PKCS8 PEM (also with escaped newlines) and base64 DER; refuses other key types', () => {
    const { privateKey } = generateKeyPairSync('ed25519');
    const pem = privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
    const der = privateKey.export({ type: 'pkcs8', format: 'der' }).toString('base64');
    const message = Buffer.from('x');
    const expected = sign(null, message, privateKey).toString('hex');
    for (const text of [pem, pem.replace(/\n/g, '\\n'), der]) expect(sign(null, message, parseSigningKey(text)).toString('hex')).toBe(expected);
    const rsa = generateKeyPairSync('rsa', { modulusLength: 1024 }).privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
    expect(() => parseSigningKey(rsa)).toThrow(/not Ed25519/);
    expect(() => parseSigningKey('not a key')).toThrow();
  });

  it('production refuses to start without a usable TICKET_SIGNING_KEY; development warns and uses the key file', () => {
    const base = { DATABASE_URL: 'postgres://u:p@127.0.0.1:5432/db' };
    const problems = (env: NodeJS.ProcessEnv): string => {
      try {
        loadConfig(env);
        return '';
      } catch (err) {
        return err instanceof ConfigError ? err.problems.join('\n') : String(err);
      }
    };
    expect(problems({ ...base, NODE_ENV: 'production' })).toMatch(/TICKET_SIGNING_KEY is required in production/);
    expect(problems({ ...base, TICKET_SIGNING_KEY: 'nope' })).toMatch(/TICKET_SIGNING_KEY is not a usable Ed25519 private key/);
    const { config, warnings } = loadConfig(base);
    expect(config.booking).toEqual({ maxSeatsPerOrder: 10, maxSeatsPerAccount: 10, batchMax: 64, batchesInFlight: 1, holdMinutes: 10, holdSweepSeconds: 60, lawDiscountPercent: 20, ticketSigningKey: null, waitingRoomShoppers: 300 });
    expect(warnings.join('\n')).toMatch(/TICKET_SIGNING_KEY is not set/);
    expect(loadConfig({ ...base, MAX_SEATS_PER_ORDER: '4', HOLD_MINUTES: '15', HOLD_SWEEP_SECONDS: '0' }).config.booking).toMatchObject({ maxSeatsPerOrder: 4, holdMinutes: 15, holdSweepSeconds: 0 });
    expect(problems({ ...base, MAX_SEATS_PER_ORDER: '0', HOLD_MINUTES: 'ten' })).toMatch(/MAX_SEATS_PER_ORDER[\s\S]*HOLD_MINUTES|HOLD_MINUTES[\s\S]*MAX_SEATS_PER_ORDER/);
  });

  it('the development key is created once, mode 600, and then reused', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'ticket-key-'));
    try {
      const file = path.join(dir, 'keys', 'ticket-ed25519.pem');
      const first = loadOrCreateDevKey(file);
      expect(first.created).toBe(true);
      expect((await stat(file)).mode & 0o777).toBe(0o600);
      const second = loadOrCreateDevKey(file);
      expect(second.created).toBe(false);
      const message = Buffer.from('same key');
      expect(sign(null, message, second.key).equals(sign(null, message, first.key))).toBe(true);
      // A key another process wrote first wins.
      const theirs = generateKeyPairSync('ed25519').privateKey;
      const other = path.join(dir, 'other.pem');
      await writeFile(other, theirs.export({ type: 'pkcs8', format: 'pem' }), { mode: 0o600 });
      expect(sign(null, message, loadOrCreateDevKey(other).key).equals(sign(null, message, theirs))).toBe(true);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('parses only the exact ticket shape', () => {
    const signer = createTicketSigner(generateKeyPairSync('ed25519').privateKey);
    const payload = { ticket_id: 'abcdefghijklmnopqrstuv', event_id: 3, section_id: 2, seats: [1, 2], paymentType: 'full' as const, paymentMethod: 'gcash' as const, totalAmount: 0 };
    const text = signer.sign(payload);
    const parsed = parseTicketQr(text);
    expect(parsed && canonicalTicketPayload(parsed)).toBe(canonicalTicketPayload(payload));
    expect(signer.verify(payload, parsed?.sig as string)).toBe(true);
    expect(signer.verify({ ...payload, totalAmount: 1 }, parsed?.sig as string)).toBe(false);
    expect(signer.verify(payload, 'x')).toBe(false);
  });
});
