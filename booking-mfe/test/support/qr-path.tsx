import { renderToStaticMarkup } from 'react-dom/server';
import { QRCodeSVG } from 'qrcode.react';

/** The module path of a QR code for `value` drawn with SPEC's settings (level L, size 240). */
export function qrPath(value: string): string | null {
  const host = document.createElement('div');
  host.innerHTML = renderToStaticMarkup(<QRCodeSVG value={value} level="L" size={240} marginSize={4} boostLevel={false} />);
  return host.querySelectorAll('path')[1]?.getAttribute('d') ?? null;
}

/** The module path an on-screen QR svg draws. */
export function drawnPath(svg: Element): string | null {
  return svg.querySelectorAll('path')[1]?.getAttribute('d') ?? null;
}
