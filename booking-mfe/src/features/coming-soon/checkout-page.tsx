import { useParams } from 'react-router-dom';
import { ComingSoon } from './coming-soon';

/** /events/:id/checkout: checkout, not built yet. */
export function CheckoutPage() {
  return <ComingSoon title="Checkout" eventId={useParams().id} />;
}
