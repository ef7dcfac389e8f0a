import jsQR from 'jsqr';
import type { Locator } from 'playwright-core';
import sharp from 'sharp';

/**
 * Reads a QR code the way a phone would: from the rendered pixels. The element's screenshot is
 * decoded to RGBA here (sharp), then jsQR finds and decodes the code.
 */
export async function decodeQrFromScreen(element: Locator): Promise<string> {
  const { data, info } = await sharp(await element.screenshot()).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  const code = jsQR(new Uint8ClampedArray(data.buffer, data.byteOffset, data.byteLength), info.width, info.height);
  if (!code) throw new Error('no QR code found in the rendered pixels');
  return code.data;
}
