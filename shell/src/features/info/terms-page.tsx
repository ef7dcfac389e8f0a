import { Link } from '@sports/router';
import './info.css';

/** /terms: what a visitor agrees to when registering (linked from registration step 3). */
export function TermsPage() {
  return (
    <article className="page info-page">
      <h1>Terms and conditions</h1>
      <p className="info-page__lead">
        These terms apply to every account and every ticket sold through the Sports Complex ticketing site. By creating an account you agree to
        them.
      </p>

      <h2>Your account</h2>
      <ul>
        <li>Give your real name and address; tickets are issued to the account holder.</li>
        <li>Keep your password to yourself. You are responsible for bookings made with your account.</li>
        <li>Accounts used to hoard seats, resell tickets above face value or disrupt a sale may be restricted or deactivated.</li>
      </ul>

      <h2>Booking and holds</h2>
      <ul>
        <li>Choosing seats and checking out places a hold on them for a limited time (10 minutes). If you do not pay in time, the seats are released to other buyers.</li>
        <li>You can book up to 10 seats per order, and an account may hold or buy only a limited number of seats per event.</li>
        <li>Ticket sales for an event close when the event starts.</li>
      </ul>

      <h2>Payment</h2>
      <ul>
        <li>Full payment only. Prices are in Philippine pesos and are set by the event organizer; free events cost nothing.</li>
        <li>All payments are nonrefundable, except when an event is cancelled by its organizer or the Sports Complex.</li>
      </ul>

      <h2>Tickets and entry</h2>
      <ul>
        <li>Each paid order gets one QR ticket, signed by the Sports Complex. Show it at the gate on your phone or on paper.</li>
        <li>A ticket admits its seats once. A copied or altered ticket is refused at the gate.</li>
        <li>You can open your tickets again at any time from My Tickets.</li>
      </ul>

      <h2>Your data</h2>
      <p>
        We keep your account details, bookings and check-in times to run the events and the site. Organizers see the name, email and ticket
        status of their own attendees. We do not sell your data.
      </p>

      <p>
        <Link to="/">Back to Home</Link>
      </p>
    </article>
  );
}
