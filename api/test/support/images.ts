// Real, decodable images for the banner tests, drawn with sharp (the API's own decoder reads them
// back), and the probe's malformed ones: cut short, with a page appended, with EXIF GPS.
import sharp from 'sharp';
import { pngChunk } from '../../src/uploads/png-image';

const IEND_LENGTH = 12;

/** A photo-like image (noise over a colour) of width x height, as JPEG, PNG or WebP. */
export function photo(width: number, height: number, format: 'jpeg' | 'png' | 'webp'): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: '#3a6ea5', noise: { type: 'gaussian', mean: 120, sigma: 30 } } })
    .toFormat(format)
    .toBuffer();
}

/** One colour only: a 4000 x 4000 PNG of it (one-colour palette) is about 16 KB, and 64 MB once decoded. */
export function solid(width: number, height: number, format: 'jpeg' | 'png'): Promise<Buffer> {
  const image = sharp({ create: { width, height, channels: 3, background: '#1d4ed8' } });
  return (format === 'png' ? image.png({ palette: true, compressionLevel: 9 }) : image.jpeg()).toBuffer();
}

/** A JPEG as a phone camera writes it: EXIF with the camera, GPS position and an orientation (6: turn 90 degrees clockwise). */
export function cameraJpeg(width: number, height: number): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: '#7c3aed' } })
    .jpeg()
    .withExif({
      IFD0: { Make: 'ProbeCam', Model: 'GPS 1' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '14/1 35/1 0/1', GPSLongitudeRef: 'E', GPSLongitude: '120/1 59/1 0/1' },
    })
    .withMetadata({ orientation: 6 })
    .toBuffer();
}

/** A PNG made exactly `size` bytes long by a text chunk before IEND (metadata, which re-encoding drops). */
export function paddedPng(png: Buffer, size: number): Buffer {
  const head = png.subarray(0, png.length - IEND_LENGTH);
  const filler = size - png.length - 12;
  return Buffer.concat([head, pngChunk('tEXt', Buffer.concat([Buffer.from('Comment\0'), Buffer.alloc(filler - 8, 0x61)])), png.subarray(png.length - IEND_LENGTH)]);
}

/** A JPEG carrying another whole JPEG (its own SOI ... EOI) in an APP segment, as an EXIF thumbnail is carried. */
export function withEmbeddedJpeg(jpeg: Buffer, inner: Buffer): Buffer {
  const length = Buffer.alloc(2);
  length.writeUInt16BE(inner.length + 2);
  return Buffer.concat([jpeg.subarray(0, 2), Buffer.from([0xff, 0xef]), length, inner, jpeg.subarray(2)]);
}

/** The probe's polyglot: a whole image followed by an HTML page. */
export const withHtml = (image: Buffer): Buffer => Buffer.concat([image, Buffer.from('<html><body><script>alert(document.cookie)</script></body></html>\n')]);

/** Whether EXIF carries a GPS IFD (its pointer tag 0x8825, in either byte order). */
export const hasGps = (exif: Buffer | undefined): boolean => !!exif && (exif.includes(Buffer.from([0x88, 0x25])) || exif.includes(Buffer.from([0x25, 0x88])));
