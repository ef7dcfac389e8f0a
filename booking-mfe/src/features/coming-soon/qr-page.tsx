import { ComingSoon } from './coming-soon';

/** /event/qr: ticket QR, not built yet (no event in the URL: the link goes home). */
export function QrPage() {
  return <ComingSoon title="Your Ticket" />;
}
