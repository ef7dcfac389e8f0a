// Ticket PDFs made in the browser with pdf-lib: one A4 page per ticket with the event, date,
// venue, section, seat, holder, the QR (vector, from the same signed text as the screen's) and
// the short code. This module is loaded only when a Download PDF button is pressed.
import { PDFDocument, PageSizes, StandardFonts, rgb } from 'pdf-lib';
import type { PDFFont, PDFPage } from 'pdf-lib';
import type { PdfTicket } from './pdf-ticket';
import { qrModulesPath } from './qr-modules';

const MARGIN = 56;
/** Points; 240 as SPEC's screen QR, large enough to scan from paper. */
const QR_SIDE = 240;
const NAVY = rgb(0.043, 0.122, 0.227);
const MUTED = rgb(0.3, 0.357, 0.439);
const BLACK = rgb(0, 0, 0);
const BORDER = rgb(0.843, 0.875, 0.922);
const PRODUCT = 'Sports Complex Tickets';

interface Fonts {
  regular: PDFFont;
  bold: PDFFont;
  code: PDFFont;
}

/** The standard fonts encode WinAnsi only: any other character (an emoji, a CJK name) prints as '?'. */
function printable(font: PDFFont, text: string): string {
  const known = new Set(font.getCharacterSet());
  return Array.from(text.replace(/\s+/g, ' ').trim())
    .map((ch) => (known.has(ch.codePointAt(0) ?? -1) ? ch : '?'))
    .join('');
}

/** `text` broken into lines no wider than `width` (a word longer than a line is cut), at most `maxLines`. */
function wrap(font: PDFFont, text: string, size: number, width: number, maxLines: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(' ')) {
    const next = line ? `${line} ${word}` : word;
    if (font.widthOfTextAtSize(next, size) <= width) {
      line = next;
      continue;
    }
    if (line) lines.push(line);
    line = word;
    while (font.widthOfTextAtSize(line, size) > width && line.length > 1) {
      let cut = line.length - 1;
      while (cut > 1 && font.widthOfTextAtSize(line.slice(0, cut), size) > width) cut -= 1;
      lines.push(line.slice(0, cut));
      line = line.slice(cut);
    }
  }
  if (line) lines.push(line);
  if (lines.length <= maxLines) return lines;
  const kept = lines.slice(0, maxLines);
  // WinAnsi has the ellipsis.
  kept[maxLines - 1] = `${kept[maxLines - 1]?.slice(0, -1) ?? ''}…`;
  return kept;
}

/** Draws lines of text from `top` down; returns the y under the last line. */
function drawLines(page: PDFPage, lines: readonly string[], x: number, top: number, font: PDFFont, size: number, color = NAVY): number {
  let y = top;
  for (const line of lines) {
    y -= size * 1.25;
    page.drawText(line, { x, y, size, font, color });
  }
  return y;
}

function drawTicket(page: PDFPage, ticket: PdfTicket, fonts: Fonts): void {
  const { width, height } = page.getSize();
  const textWidth = width - 2 * MARGIN;
  let y = height - MARGIN;

  y = drawLines(page, [PRODUCT.toUpperCase()], MARGIN, y, fonts.bold, 10, MUTED);
  y = drawLines(page, wrap(fonts.bold, printable(fonts.bold, ticket.eventTitle), 22, textWidth, 3), MARGIN, y - 6, fonts.bold, 22);
  y -= 14;

  const rows: Array<[string, string]> = [
    ['Date', ticket.when],
    ['Venue', ticket.venue],
    ['Section', ticket.section],
    ['Seat', ticket.seatName],
    ['Ticket', ticket.category],
    ['Holder', ticket.holder],
  ];
  const valueX = MARGIN + 80;
  for (const [label, value] of rows) {
    page.drawText(label, { x: MARGIN, y: y - 13 * 1.25, size: 11, font: fonts.regular, color: MUTED });
    y = drawLines(page, wrap(fonts.bold, printable(fonts.bold, value), 13, width - MARGIN - valueX, 2), valueX, y, fonts.bold, 13) - 6;
  }

  const qrTop = y - 18;
  const qrX = (width - QR_SIDE) / 2;
  const { path, side } = qrModulesPath(ticket.qr);
  page.drawRectangle({ x: qrX - 1, y: qrTop - QR_SIDE - 1, width: QR_SIDE + 2, height: QR_SIDE + 2, color: rgb(1, 1, 1), borderColor: BORDER, borderWidth: 1 });
  page.drawSvgPath(path, { x: qrX, y: qrTop, scale: QR_SIDE / side, color: BLACK });

  const code = printable(fonts.code, ticket.code);
  const codeSize = 24;
  const codeY = qrTop - QR_SIDE - 34;
  page.drawText(code, { x: (width - fonts.code.widthOfTextAtSize(code, codeSize)) / 2, y: codeY, size: codeSize, font: fonts.code, color: BLACK });

  const note = 'Show this QR code at the gate, or give the code if it will not scan. One ticket admits one seat, once.';
  drawLines(page, wrap(fonts.regular, note, 10, textWidth, 3), MARGIN, codeY - 20, fonts.regular, 10, MUTED);
}

/** One page per ticket, in the order given. */
export async function ticketsPdf(tickets: readonly PdfTicket[]): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const fonts: Fonts = {
    regular: await doc.embedFont(StandardFonts.Helvetica),
    bold: await doc.embedFont(StandardFonts.HelveticaBold),
    code: await doc.embedFont(StandardFonts.CourierBold),
  };
  const first = tickets[0];
  if (first) doc.setTitle(tickets.length === 1 ? `Ticket: ${first.eventTitle}, seat ${first.seatName}` : `Tickets: ${first.eventTitle}`);
  doc.setCreator(PRODUCT);
  doc.setProducer(PRODUCT);
  for (const ticket of tickets) drawTicket(doc.addPage(PageSizes.A4), ticket, fonts);
  // Without object streams every page stays a plain /Type /Page object: any PDF reader, and a test, can count them.
  return doc.save({ useObjectStreams: false });
}
