// Reading the ticket signing key from configuration. Its own module, with nothing but node:crypto,
// so that config.ts can check TICKET_SIGNING_KEY at start without depending on the ticket code.
import { createPrivateKey } from 'node:crypto';
import type { KeyObject } from 'node:crypto';

/**
 * A private key from configuration: PKCS8 PEM (literal "\n" sequences allowed, for one-line
 * environment variables) or base64 of the PKCS8 DER. Throws when it is not an Ed25519 key.
 */
export function parseSigningKey(text: string): KeyObject {
  const trimmed = text.trim();
  const key = trimmed.includes('-----BEGIN')
    ? createPrivateKey({ key: trimmed.replace(/\\n/g, '\n'), format: 'pem' })
    : createPrivateKey({ key: Buffer.from(trimmed, 'base64'), format: 'der', type: 'pkcs8' });
  if (key.asymmetricKeyType !== 'ed25519') throw new Error(`TICKET_SIGNING_KEY is a ${key.asymmetricKeyType ?? 'non-asymmetric'} key, not Ed25519`);
  return key;
}
