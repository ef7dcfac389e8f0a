// Ticket signatures checked in the browser, with no network: Ed25519 over the QR's canonical
// payload (canonicalTicketPayload), with the key of GET /api/tickets/public-key that came with the
// gate's copy. WebCrypto's Ed25519 where the browser has it; @noble/ed25519 (loaded only then) otherwise.
import { canonicalTicketPayload } from '@sports/contracts';
import type { SignedTicket } from '@sports/contracts';

/** A verifier for one public key: true when `ticket.sig` is the key's signature of its payload. */
export type TicketVerifier = (ticket: SignedTicket) => Promise<boolean>;

/** SPKI of an Ed25519 key: this 12-byte header, then the 32-byte key. */
const ED25519_SPKI_HEADER = [0x30, 0x2a, 0x30, 0x05, 0x06, 0x03, 0x2b, 0x65, 0x70, 0x03, 0x21, 0x00];

function base64ToBytes(base64: string): Uint8Array<ArrayBuffer> {
  const binary = atob(base64);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i += 1) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

function base64UrlToBytes(text: string): Uint8Array<ArrayBuffer> {
  const base64 = text.replace(/-/g, '+').replace(/_/g, '/');
  return base64ToBytes(base64 + '='.repeat((4 - (base64.length % 4)) % 4));
}

/** The DER bytes of an SPKI PEM of an Ed25519 key, or null when it is not one. */
export function ed25519SpkiFromPem(pem: string): Uint8Array<ArrayBuffer> | null {
  const body = pem.replace(/-----(BEGIN|END) PUBLIC KEY-----/g, '').replace(/\s+/g, '');
  let der: Uint8Array<ArrayBuffer>;
  try {
    der = base64ToBytes(body);
  } catch {
    return null;
  }
  if (der.length !== ED25519_SPKI_HEADER.length + 32 || ED25519_SPKI_HEADER.some((b, i) => der[i] !== b)) return null;
  return der;
}

const encoder = new TextEncoder();

async function webCryptoVerifier(spki: Uint8Array<ArrayBuffer>): Promise<TicketVerifier | null> {
  const subtle = globalThis.crypto?.subtle;
  if (!subtle) return null;
  try {
    const key = await subtle.importKey('spki', spki, { name: 'Ed25519' }, false, ['verify']);
    return async (ticket) => {
      try {
        return await subtle.verify({ name: 'Ed25519' }, key, base64UrlToBytes(ticket.sig), encoder.encode(canonicalTicketPayload(ticket)));
      } catch {
        return false;
      }
    };
  } catch {
    // No Ed25519 in this browser's WebCrypto.
    return null;
  }
}

async function nobleVerifier(spki: Uint8Array<ArrayBuffer>): Promise<TicketVerifier> {
  const ed = await import(/* webpackChunkName: "organizer-gate-ed25519" */ '@noble/ed25519');
  const raw = spki.slice(ED25519_SPKI_HEADER.length);
  return async (ticket) => {
    try {
      return await ed.verifyAsync(base64UrlToBytes(ticket.sig), encoder.encode(canonicalTicketPayload(ticket)), raw);
    } catch {
      return false;
    }
  };
}

/** The best verifier this browser has for the key (SPKI PEM); a key that is not Ed25519 verifies nothing. */
export async function ticketVerifier(publicKeyPem: string, { preferWebCrypto = true } = {}): Promise<TicketVerifier> {
  const spki = ed25519SpkiFromPem(publicKeyPem);
  if (!spki) return async () => false;
  return ((preferWebCrypto ? await webCryptoVerifier(spki) : null) ?? (await nobleVerifier(spki)));
}
