import { QRCodeSVG } from 'qrcode.react';

/** SPEC §9: lowest error-correction level, size 240. */
const QR_LEVEL = 'L';
const QR_SIZE = 240;

/** One seat's signed ticket text as a QR code, named after its seat for screen readers. */
export function TicketQr({ qr, seatName }: { qr: string; seatName: string }) {
  const label = `Ticket QR code, seat ${seatName}`;
  return <QRCodeSVG value={qr} level={QR_LEVEL} size={QR_SIZE} title={label} role="img" aria-label={label} marginSize={4} boostLevel={false} />;
}
