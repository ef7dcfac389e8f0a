import { create } from 'qrcode';

/** Modules of white around the code, as the screen's QR draws it (marginSize 4). */
const QUIET_ZONE = 4;

/**
 * The dark modules of `text`'s QR code at SPEC's level L, as one SVG path in module units (a run
 * of dark modules in a row is one rectangle), and the side of the whole square, quiet zone included.
 */
export function qrModulesPath(text: string): { path: string; side: number } {
  const { modules } = create(text, { errorCorrectionLevel: 'L' });
  const parts: string[] = [];
  for (let row = 0; row < modules.size; row += 1) {
    let col = 0;
    while (col < modules.size) {
      if (!modules.get(row, col)) {
        col += 1;
        continue;
      }
      const start = col;
      while (col < modules.size && modules.get(row, col)) col += 1;
      parts.push(`M${start + QUIET_ZONE} ${row + QUIET_ZONE}h${col - start}v1h-${col - start}z`);
    }
  }
  return { path: parts.join(''), side: modules.size + 2 * QUIET_ZONE };
}
