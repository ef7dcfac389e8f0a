import { Link } from '@sports/router';
import './info.css';

/**
 * /ticketing-truths: plain facts about how buying, using, refunding and giving a ticket work on this
 * site. It says what the product does today; change it with the product.
 */
export function TicketingTruthsPage() {
  return (
    <article className="page info-page">
      <h1>Ticketing Truths</h1>
      <p className="info-page__lead">How tickets work at the Sports Complex, in plain words: no fine print, and nothing the site does not do.</p>

      <h2>The price you see is the price you pay</h2>
      <p>
        Your total is the event&apos;s price times the number of seats, worked out by us, not by your browser. There are no booking or service
        fees added at checkout. If an organizer changes the price later, your order keeps the total you were shown. Free events show FREE and
        cost ₱0, but you still need a ticket for your seat.
      </p>

      <h2>Your seats are yours for 10 minutes</h2>
      <p>
        When you press Checkout, your seats are held for you for 10 minutes and the page shows the time left. Nobody else can hold or buy them
        meanwhile: no seat is ever sold twice. If you do not pay in time, or you release them, they go back on sale. You can book up to 10 seats
        in one order, and sales for an event close when it starts.
      </p>

      <h2>How you pay</h2>
      <p>
        GCash, PayMaya, BDO or VISA, in full: there are no installments or deposits. A double tap, a retry or a lost connection never makes a
        second order or a second payment.
      </p>

      <h2>One seat, one signed QR code, one entry</h2>
      <p>
        Each seat gets its own ticket with its own QR code and a short code a person can type. The QR code is signed by the Sports Complex, so a
        forged or altered ticket is refused at the gate. Each ticket is checked in once: a screenshot of a ticket that has already been scanned
        is turned away as already checked in. Keep your QR codes to yourself until you reach the gate.
      </p>

      <h2>Refunds follow the event&apos;s policy</h2>
      <ul>
        <li>
          Every event shows its refund policy on its page: <strong>No refunds</strong>, or a <strong>full refund until</strong> a set number of
          days before the start. Checkout says payments are nonrefundable: outside the event&apos;s policy, they are.
        </li>
        <li>
          While the policy allows it, you cancel an order yourself in <Link to="/my-tickets">My Account</Link> and get the whole amount back to
          your payment method. An order with a ticket already checked in or given to someone can no longer be cancelled.
        </li>
        <li>Once tickets are sold, an organizer may make the policy more generous, never stricter.</li>
        <li>
          If an event is cancelled, every ticket holder gets a full refund without asking, and an email saying so. If it is moved, your tickets
          stay valid and we email you the new date.
        </li>
      </ul>

      <h2>Giving a ticket to someone</h2>
      <p>
        From My Account you can give a ticket to a friend by their email address. They get a new ticket with a new QR code, and yours stops
        working. You can take it back until they have claimed it. Tickets can be given until check-in for the event opens, and not after they
        are used.
      </p>

      <h2>No resale, no markups</h2>
      <p>
        This site sells tickets only at the organizer&apos;s price and has no resale market: giving a ticket is free. Buy only here. A ticket
        bought from someone else may already have been given away or used, and then it will not get you in.
      </p>

      <p>
        More answers on <Link to="/help">Help/FAQ</Link>. Something not right? Tell us on <Link to="/contact">Contact Us</Link>.{' '}
        <Link to="/">Back to Home</Link>
      </p>
    </article>
  );
}
