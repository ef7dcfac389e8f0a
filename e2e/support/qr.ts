import jsQR from 'jsqr';
import type { Locator, Page } from 'playwright-core';

/**
 * Reads a QR code the way a phone would: from the rendered pixels. The element's screenshot is
 * decoded to RGBA by the browser itself (canvas), then jsQR finds and decodes the code.
 */
export async function decodeQrFromScreen(page: Page, element: Locator): Promise<string> {
  const png = await element.screenshot();
  const { width, height, data } = await page.evaluate(async (base64) => {
    const image = new Image();
    image.src = `data:image/png;base64,${base64}`;
    await image.decode();
    const canvas = document.createElement('canvas');
    canvas.width = image.naturalWidth;
    canvas.height = image.naturalHeight;
    const context = canvas.getContext('2d');
    if (!context) throw new Error('no 2d canvas');
    context.drawImage(image, 0, 0);
    const pixels = context.getImageData(0, 0, canvas.width, canvas.height);
    return { width: pixels.width, height: pixels.height, data: Array.from(pixels.data) };
  }, png.toString('base64'));
  const code = jsQR(Uint8ClampedArray.from(data), width, height);
  if (!code) throw new Error('no QR code found in the rendered pixels');
  return code.data;
}
