// A ticket's short code: what a person reads aloud and types when its QR will not scan.
//
// Ten symbols from an alphabet of 32 without look-alikes (no 0/O, no 1/I): 10 x 5 = 50 bits, drawn
// from a cryptographic random source (never derived from ids). Stored bare (K7QX3MPD9W), shown in
// groups (K7QX-3MPD-9W); typed in any case, with or without spaces and dashes.
export const TICKET_CODE_ALPHABET = '23456789ABCDEFGHJKLMNPQRSTUVWXYZ';
export const TICKET_CODE_LENGTH = 10;
const GROUPS = [4, 4, 2] as const;
const BARE = new RegExp(`^[${TICKET_CODE_ALPHABET}]{${TICKET_CODE_LENGTH}}$`);

/** The stored form of what a person typed, or null when it cannot be a ticket code. */
export function normalizeTicketCode(typed: string): string | null {
  const bare = typed.replace(/[\s-]+/g, '').toUpperCase();
  return BARE.test(bare) ? bare : null;
}

/** K7QX3MPD9W → K7QX-3MPD-9W */
export function formatTicketCode(bare: string): string {
  const parts: string[] = [];
  let at = 0;
  for (const size of GROUPS) {
    parts.push(bare.slice(at, at + size));
    at += size;
  }
  return parts.join('-');
}
