// Ticket QR signing (PRODUCT §4): Ed25519 over the canonical JSON of the ticket payload
// (canonicalTicketPayload in packages/contracts/src/ticket-qr.ts, which the offline gate verifies
// over too). A seat's ticket names its seat ("seat", one of the order's "seats"); the one QR of an
// order paid before tickets were issued per seat has no "seat" key and admits every seat of its
// order. The QR text is that same object with one more key, "sig": the Ed25519 signature of the
// canonical bytes (UTF-8), base64url without padding (86 characters). A verifier re-builds the
// canonical form from the parsed values (so key order or whitespace in the QR text do not
// matter) and checks the signature with the public key of GET /api/tickets/public-key.
import { createPublicKey, generateKeyPairSync, sign as cryptoSign, verify as cryptoVerify } from 'node:crypto';
import type { KeyObject } from 'node:crypto';
import { chmodSync, linkSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { canonicalTicketPayload, TICKET_SIG_PATTERN } from '@sports/contracts';
import { parseSigningKey } from '../signing-key';
import type { TicketPayload } from '@sports/contracts';


/** The development key file: under the repository's git-ignored .data/ folder. */
export const DEV_KEY_FILE = path.resolve(__dirname, '../../../.data/keys/ticket-ed25519.pem');

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
      const canonical = canonicalTicketPayload(payload);
      const sig = cryptoSign(null, Buffer.from(canonical, 'utf8'), privateKey).toString('base64url');
      return `${canonical.slice(0, -1)},"sig":${JSON.stringify(sig)}}`;
    },
    verify(payload, sig) {
      if (!TICKET_SIG_PATTERN.test(sig)) return false;
      return cryptoVerify(null, Buffer.from(canonicalTicketPayload(payload), 'utf8'), publicKey, Buffer.from(sig, 'base64url'));
    },
  };
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
