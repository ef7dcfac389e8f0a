// Ticket QR signing (PRODUCT §4): Ed25519 over a canonical JSON of the ticket payload.
//
// Canonical form (what is signed): JSON.stringify of an object with exactly these keys in this
// order, no whitespace:
//   {"ticket_id":…,"event_id":…,"section_id":…,"seats":[…ascending…],"seat":…,"paymentType":"full","paymentMethod":…,"totalAmount":…}
// A seat's ticket names its seat ("seat", one of the order's "seats"); the one QR of an order paid
// before tickets were issued per seat has no "seat" key and admits every seat of its order.
// The QR text is that same object with one more key, "sig": the Ed25519 signature of the
// canonical bytes (UTF-8), base64url without padding (86 characters). A verifier re-builds the
// canonical form from the parsed values (so key order or whitespace in the QR text do not
// matter) and checks the signature with the public key of GET /api/tickets/public-key.
import { createPublicKey, generateKeyPairSync, sign as cryptoSign, verify as cryptoVerify } from 'node:crypto';
import type { KeyObject } from 'node:crypto';
import { chmodSync, linkSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { FREE_TICKET_METHOD, PAYMENT_METHODS } from '@sports/contracts';
import { parseSigningKey } from '../signing-key';
import type { SignedTicket, TicketPayload } from '@sports/contracts';

export const TICKET_ID_PATTERN = /^[A-Za-z0-9_-]{22}$/;
const SIG_PATTERN = /^[A-Za-z0-9_-]{86}$/;

/** The development key file: under the repository's git-ignored .data/ folder. */
export const DEV_KEY_FILE = path.resolve(__dirname, '../../../.data/keys/ticket-ed25519.pem');

/** The bytes that are signed: the payload's fields in the fixed order above. */
export function canonicalPayload(p: TicketPayload): string {
  return JSON.stringify({
    ticket_id: p.ticket_id,
    event_id: p.event_id,
    section_id: p.section_id,
    seats: p.seats,
    ...(p.seat !== undefined ? { seat: p.seat } : {}),
    paymentType: p.paymentType,
    paymentMethod: p.paymentMethod,
    totalAmount: p.totalAmount,
  });
}

export interface TicketSigner {
  /** SPKI PEM of the verification key. */
  readonly publicKeyPem: string;
  /** The QR text: canonical payload plus "sig". */
  sign(payload: TicketPayload): string;
  /** true when `sig` is this key's signature of the payload's canonical form. */
  verify(payload: TicketPayload, sig: string): boolean;
}

export function createTicketSigner(privateKey: KeyObject): TicketSigner {
  if (privateKey.asymmetricKeyType !== 'ed25519') throw new Error('The ticket signing key must be an Ed25519 private key');
  const publicKey = createPublicKey(privateKey);
  const publicKeyPem = publicKey.export({ type: 'spki', format: 'pem' }).toString();
  return {
    publicKeyPem,
    sign(payload) {
      const canonical = canonicalPayload(payload);
      const sig = cryptoSign(null, Buffer.from(canonical, 'utf8'), privateKey).toString('base64url');
      return `${canonical.slice(0, -1)},"sig":${JSON.stringify(sig)}}`;
    },
    verify(payload, sig) {
      if (!SIG_PATTERN.test(sig)) return false;
      return cryptoVerify(null, Buffer.from(canonicalPayload(payload), 'utf8'), publicKey, Buffer.from(sig, 'base64url'));
    },
  };
}

const ORDER_TICKET_KEYS = ['event_id', 'paymentMethod', 'paymentType', 'seats', 'section_id', 'sig', 'ticket_id', 'totalAmount'];
const SEAT_TICKET_KEYS = [...ORDER_TICKET_KEYS, 'seat'].sort();

const isId = (v: unknown): v is number => typeof v === 'number' && Number.isInteger(v) && v >= 1 && v <= 2_147_483_647;

/**
 * Parses QR text into a signed ticket, or null when it is not one (not JSON, other keys, wrong
 * types, seats not ascending distinct positive integers, a signature of the wrong shape).
 */
export function parseSignedTicket(qr: string): SignedTicket | null {
  let value: unknown;
  try {
    value = JSON.parse(qr);
  } catch {
    return null;
  }
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return null;
  const o = value as Record<string, unknown>;
  const keys = Object.keys(o).sort();
  const expected = 'seat' in o ? SEAT_TICKET_KEYS : ORDER_TICKET_KEYS;
  if (keys.length !== expected.length || keys.some((k, i) => k !== expected[i])) return null;
  const { ticket_id, event_id, section_id, seats, seat, paymentType, paymentMethod, totalAmount, sig } = o;
  if (typeof ticket_id !== 'string' || !TICKET_ID_PATTERN.test(ticket_id)) return null;
  if (!isId(event_id) || !isId(section_id)) return null;
  if (!Array.isArray(seats) || seats.length === 0 || seats.length > 1000) return null;
  for (let i = 0; i < seats.length; i += 1) {
    const seat: unknown = seats[i];
    if (!isId(seat) || (i > 0 && seat <= (seats[i - 1] as number))) return null;
  }
  if (seat !== undefined && !(isId(seat) && (seats as number[]).includes(seat))) return null;
  if (paymentType !== 'full') return null;
  if (typeof totalAmount !== 'number' || !Number.isFinite(totalAmount) || totalAmount < 0) return null;
  // A free ticket names no method; one with a price always names the one it was paid with.
  const method = (PAYMENT_METHODS as readonly string[]).includes(paymentMethod as string) ? (paymentMethod as TicketPayload['paymentMethod']) : null;
  const free = paymentMethod === FREE_TICKET_METHOD && totalAmount === 0 ? FREE_TICKET_METHOD : null;
  const ticketMethod = method ?? free;
  if (ticketMethod === null) return null;
  if (typeof sig !== 'string' || !SIG_PATTERN.test(sig)) return null;
  return { ticket_id, event_id, section_id, seats: seats as number[], ...(seat !== undefined ? { seat: seat as number } : {}), paymentType, paymentMethod: ticketMethod, totalAmount, sig };
}

/**
 * Development and tests: the key kept in `file` (mode 600), generated on first use. Several
 * processes may start at once: the new key is written to a private temporary file and then
 * hard-linked to its name, which fails when another process got there first; everyone then
 * reads the one file that won.
 */
export function loadOrCreateDevKey(file: string = DEV_KEY_FILE): { key: KeyObject; created: boolean } {
  const readKey = (): KeyObject | null => {
    let pem: string;
    try {
      pem = readFileSync(file, 'utf8');
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw err;
    }
    return parseSigningKey(pem);
  };
  const existing = readKey();
  if (existing) return { key: existing, created: false };

  mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
  const { privateKey } = generateKeyPairSync('ed25519');
  const tmp = `${file}.${process.pid}.${Date.now()}.tmp`;
  writeFileSync(tmp, privateKey.export({ type: 'pkcs8', format: 'pem' }), { mode: 0o600, flag: 'wx' });
  chmodSync(tmp, 0o600);
  let created = true;
  try {
    linkSync(tmp, file);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    created = false;
  } finally {
    rmSync(tmp, { force: true });
  }
  const key = readKey();
  if (!key) throw new Error(`Could not read the ticket signing key ${file}`);
  return { key, created };
}

/** The signing key the API uses: configured (required in production) or the development file. */
export function resolveSigningKey(configured: string | null, devKeyFile: string = DEV_KEY_FILE): KeyObject {
  if (configured !== null) return parseSigningKey(configured);
  return loadOrCreateDevKey(devKeyFile).key;
}
