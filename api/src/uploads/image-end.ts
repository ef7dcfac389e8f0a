// Where an image's own structure says it ends. Decoders stop reading there and accept whatever
// follows, so a PNG with an HTML page appended decodes fine and is also that page (a polyglot);
// these walks find the end from the chunk and marker lengths and refuse anything after it.

export type ImageEnd = 'exact' | 'truncated' | 'trailing';

const at = (bytes: Buffer, end: number): ImageEnd => (end > bytes.length ? 'truncated' : end < bytes.length ? 'trailing' : 'exact');

/** A PNG ends with its IEND chunk: chunks are length, type, data, CRC, from offset 8. */
function pngEnd(bytes: Buffer): ImageEnd {
  let offset = 8;
  while (offset + 12 <= bytes.length) {
    const next = offset + 12 + bytes.readUInt32BE(offset);
    if (bytes.toString('latin1', offset + 4, offset + 8) === 'IEND') return at(bytes, next);
    offset = next;
  }
  return 'truncated';
}

/** A WebP is one RIFF chunk: 8 header bytes and the size it declares, padded to even. */
function webpEnd(bytes: Buffer): ImageEnd {
  if (bytes.length < 12) return 'truncated';
  const size = bytes.readUInt32LE(4);
  return at(bytes, 8 + size + (size % 2));
}

const EOI = 0xd9;
const SOS = 0xda;
/** Markers without a length: TEM and RST0-7. */
const standalone = (marker: number): boolean => marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7);

/**
 * A JPEG ends with its EOI marker: segments carry their length (so an EXIF thumbnail's own EOI
 * inside APP1 is skipped), and after each SOS the entropy-coded data runs until the next marker
 * that is not a stuffed 0xFF00 or a restart marker.
 */
function jpegEnd(bytes: Buffer): ImageEnd {
  let offset = 2;
  for (;;) {
    if (offset + 2 > bytes.length) return 'truncated';
    if (bytes[offset] !== 0xff) return 'truncated';
    const marker = bytes[offset + 1] as number;
    if (marker === 0xff) {
      offset += 1; // fill byte
      continue;
    }
    offset += 2;
    if (marker === EOI) return at(bytes, offset);
    if (standalone(marker)) continue;
    if (offset + 2 > bytes.length) return 'truncated';
    offset += bytes.readUInt16BE(offset);
    if (marker !== SOS) continue;
    for (;;) {
      offset = bytes.indexOf(0xff, offset);
      if (offset < 0 || offset + 1 >= bytes.length) return 'truncated';
      const next = bytes[offset + 1] as number;
      if (next === 0x00 || standalone(next)) offset += 2;
      else if (next === 0xff) offset += 1;
      else break;
    }
  }
}

/** Whether `bytes` of a PNG, JPEG or WebP (already recognised by its header) end exactly where the image does. */
export function imageEnd(bytes: Buffer, format: 'png' | 'jpeg' | 'webp'): ImageEnd {
  if (format === 'png') return pngEnd(bytes);
  if (format === 'webp') return webpEnd(bytes);
  return jpegEnd(bytes);
}
