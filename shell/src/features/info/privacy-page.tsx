import { Link } from '@sports/router';
import './info.css';

/**
 * /privacy: what the site collects, why, who sees it, how long it is kept and how a visitor uses
 * the rights the Data Privacy Act of 2012 (Republic Act 10173) gives them. It says what the
 * product does today; change it with the product.
 */
export function PrivacyPage() {
  return (
    <article className="page info-page">
      <h1>Privacy Policy</h1>
      <p className="info-page__lead">
        The Sports Complex runs this ticketing site and decides what is done with the personal information you give it. This page says what we
        collect, why, who sees it and for how long, and how to use your rights under the Data Privacy Act of 2012 (Republic Act 10173).
      </p>

      <h2>What we collect</h2>
      <ul>
        <li>
          <strong>Your account:</strong> your first and last name, middle initial and suffix, gender, address (region, province, city or
          municipality, barangay and house address) and email. Your password is kept only as a salted hash that nobody can read back. If you sign in
          with Google, we receive your name, email and Google account number from Google, and nothing else.
        </li>
        <li>
          <strong>Your purchases:</strong> your orders, the seats and prices, the payment method you chose, your tickets, tickets you send to
          someone else, refunds, and when each ticket was checked in at the gate.
        </li>
        <li>
          <strong>What you write to us:</strong> reviews of events you attended, feedback, and inquiries with the name and email you give.
        </li>
        <li>
          <strong>Security:</strong> the network address and time of sign-ins, registrations and password resets, and the sign-ins and password
          changes of your account.
        </li>
      </ul>
      <p>
        The site sets only two cookies, both needed: one that keeps you signed in (for 12 hours), and one that remembers that this browser has
        signed in to your account before, so that someone guessing your password elsewhere does not lock you out. There are no advertising or
        tracking cookies, and no analytics.
      </p>

      <h2>Why</h2>
      <ul>
        <li>To run your account and sell you tickets: holding seats, taking payment, issuing signed QR tickets and letting you in at the gate.</li>
        <li>To email you your tickets and what changes about an event you booked: a new date, a cancellation, a refund.</li>
        <li>To answer your inquiries and show organizers the reviews of their events.</li>
        <li>To keep the site safe: to slow down password guessing, stop abuse and look into misuse of an account.</li>
      </ul>
      <p>We do not sell your information, and we do not use it for advertising.</p>

      <h2>Who sees it</h2>
      <ul>
        <li>
          <strong>The organizer of an event you booked</strong> sees your name, email, seats, and whether and when you came in, to run the event
          and check you in. Organizers see nothing about you for events you did not book.
        </li>
        <li>
          <strong>The Sports Complex&apos;s administrators</strong> see accounts, orders and messages to run the site.
        </li>
        <li>
          <strong>Anyone</strong> reading the page of an event that has taken place sees the reviews of it: the rating and words, with the
          reviewer&apos;s first name and the initial of their last name, and the organizer&apos;s answer. Never an email or a full name.
        </li>
        <li>
          Your gender and address are shown to no organizer. Your password is seen by nobody.
        </li>
      </ul>

      <h2>How long we keep it</h2>
      <ul>
        <li>Your account and what you wrote, for as long as your account is open.</li>
        <li>
          Orders, tickets and payments, for as long as the Sports Complex must keep its sales records by law. When you delete your account they
          stay on the organizers&apos; records, without your name, email or address: they show &ldquo;Deleted user&rdquo;, and so do your
          reviews and feedback.
        </li>
        <li>Security records, for as long as they are needed to protect the accounts they concern.</li>
      </ul>

      <h2>Your rights</h2>
      <p>
        You have the right to be told what we hold about you and why, to get a copy of it, to have wrong details corrected, to object to their use,
        and to have them deleted or blocked when they are no longer needed or were collected unlawfully. Ask through{' '}
        <Link to="/contact">Contact Us</Link>, writing from the email of your account.
      </p>
      <p>
        Signed in, you can do most of this yourself on <Link to="/account">My Account</Link>: correct your name and address, change your
        password, download a copy of everything we keep about you as a file, and delete your account.
      </p>
      <p>
        If you think we have mishandled your information, you may also complain to the National Privacy Commission.
      </p>

      <p>
        See also the <Link to="/terms">terms and conditions</Link>. <Link to="/">Back to Home</Link>
      </p>
    </article>
  );
}
