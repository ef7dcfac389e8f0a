// The generated poster as a PNG: link previews (Open Graph, Twitter cards) take raster images only.
// libvips draws the SVG; the last few drawings are kept, keyed by the SVG itself, so a crawler or a
// busy chat asking again costs no drawing, and a changed event (title, date) is drawn anew.
import sharp from 'sharp';

const KEPT = 64;
const drawn = new Map<string, Buffer>();

export async function posterPng(svg: string): Promise<Buffer> {
  const known = drawn.get(svg);
  if (known) return known;
  const png = await sharp(Buffer.from(svg)).png({ compressionLevel: 9 }).toBuffer();
  if (drawn.size >= KEPT) drawn.delete(drawn.keys().next().value as string);
  drawn.set(svg, png);
  return png;
}
