-- Events and orders that can change after a sale: an event is cancelled or moved, a buyer cancels
-- and is refunded, a ticket is given to someone else. Mail about these changes is written to
-- mail_queue in the transaction of the change, so a process that dies cannot lose it.

-- An event's lifecycle after approval. events.status stays the admin's decision on the request;
-- a cancelled event keeps status 'Approved' and is cancelled by cancelled_at.
--   cancelled_at/_by, cancel_reason  set together, once: a cancelled event is never booked again
--   refund_days_before  the refund policy: NULL, no refunds; N, a buyer may cancel for a full refund
--                       until N days before the start
--   schedule_sequence   the calendar files' SEQUENCE: raised on every change of date, time or venue
--   postponed_from      the start first announced, while the event has been moved to another date
ALTER TABLE events
  ADD COLUMN cancelled_at timestamptz,
  ADD COLUMN cancelled_by integer REFERENCES users (id),
  ADD COLUMN cancel_reason text CHECK (length(btrim(cancel_reason)) BETWEEN 1 AND 500),
  ADD COLUMN refund_days_before smallint CHECK (refund_days_before BETWEEN 0 AND 365),
  ADD COLUMN schedule_sequence integer NOT NULL DEFAULT 0 CHECK (schedule_sequence >= 0),
  ADD COLUMN postponed_from timestamptz,
  ADD CONSTRAINT events_cancelled_complete CHECK ((cancelled_at IS NULL) = (cancel_reason IS NULL)),
  ADD CONSTRAINT events_cancelled_when_approved CHECK (cancelled_at IS NULL OR status = 'Approved');

-- An order after its sale: paid -> refund_pending (the refund is asked of the payment provider)
-- -> refunded. Its seats are released (order_seats.live false) when the refund is requested, so
-- they are on sale again at once; it keeps its payment fields.
ALTER TABLE orders DROP CONSTRAINT orders_status_check;
ALTER TABLE orders ADD CONSTRAINT orders_status_check CHECK (status IN ('held', 'paid', 'expired', 'refund_pending', 'refunded'));
ALTER TABLE orders DROP CONSTRAINT orders_paid_complete;
ALTER TABLE orders ADD CONSTRAINT orders_paid_complete CHECK (
  (status IN ('paid', 'refund_pending', 'refunded') AND payment_type IS NOT NULL AND paid_at IS NOT NULL
    AND (payment_method IS NOT NULL OR total_amount = 0))
  OR (status IN ('held', 'expired') AND payment_method IS NULL AND payment_type IS NULL AND paid_at IS NULL AND ticket_id IS NULL)
);

-- One refund per order, at most: the unique order_id is what keeps an order from being refunded
-- twice, whatever runs at once. A refund is written 'pending' in the transaction that cancels;
-- the refund run (or, after a crash, the periodic sweep) asks the provider, whose refund is
-- idempotent per refund id, and settles it 'refunded' with the provider's reference.
--   reason  event_cancelled (the organizer or an admin cancelled the event) or buyer_cancelled
CREATE TABLE refunds (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  order_id integer NOT NULL UNIQUE REFERENCES orders (id),
  amount numeric(12, 2) NOT NULL CHECK (amount >= 0),
  reason text NOT NULL CHECK (reason IN ('event_cancelled', 'buyer_cancelled')),
  requested_by integer REFERENCES users (id),
  provider text NOT NULL CHECK (length(provider) BETWEEN 1 AND 50),
  state text NOT NULL DEFAULT 'pending' CHECK (state IN ('pending', 'refunded')),
  provider_reference text CHECK (length(provider_reference) BETWEEN 1 AND 200),
  created_at timestamptz NOT NULL,
  settled_at timestamptz,
  CONSTRAINT refunds_settled_complete CHECK ((state = 'refunded') = (settled_at IS NOT NULL AND provider_reference IS NOT NULL))
);
CREATE INDEX refunds_pending_idx ON refunds (created_at, id) WHERE state = 'pending';

-- Mail to send, written in the transaction of what it tells (the outbox pattern): the mail worker
-- sends a row, then marks it sent. A process that dies between the two sends it again: mail is
-- sent at least once, never lost.
--   dedupe_key   one mail per key (e.g. refund:<id>): queueing the same news twice queues it once
--   attachments  [{ filename, contentType, content (base64) }]
CREATE TABLE mail_queue (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  dedupe_key text UNIQUE CHECK (length(dedupe_key) BETWEEN 1 AND 200),
  "to" text NOT NULL CHECK (length("to") BETWEEN 3 AND 320),
  subject text NOT NULL CHECK (length(subject) BETWEEN 1 AND 300),
  text text NOT NULL,
  attachments jsonb NOT NULL DEFAULT '[]'::jsonb CHECK (jsonb_typeof(attachments) = 'array'),
  created_at timestamptz NOT NULL DEFAULT now(),
  attempts integer NOT NULL DEFAULT 0,
  last_error text,
  sent_at timestamptz
);
CREATE INDEX mail_queue_unsent_idx ON mail_queue (id) WHERE sent_at IS NULL;

-- The new entries of the audit trail.
ALTER TABLE audit_trail DROP CONSTRAINT audit_trail_action_check;
ALTER TABLE audit_trail ADD CONSTRAINT audit_trail_action_check CHECK (action IN (
  'account.status_changed',
  'event.approved', 'event.rejected', 'event.resubmitted', 'event.edited', 'event.rescheduled', 'event.cancelled',
  'inquiry.responded', 'review.responded', 'seat_plan.applied',
  'order.cancelled', 'order.refunded',
  'ticket.checked_in', 'ticket.checkin_refused', 'ticket.checkin_undone', 'ticket.checkin_conflict',
  'ticket.transferred', 'ticket.transfer_claimed', 'ticket.transfer_revoked'
));
ALTER TABLE audit_trail DROP CONSTRAINT audit_trail_subject_fits_action;
ALTER TABLE audit_trail ADD CONSTRAINT audit_trail_subject_fits_action CHECK (
  CASE action
    WHEN 'account.status_changed' THEN account_id IS NOT NULL
    WHEN 'event.approved' THEN event_id IS NOT NULL
    WHEN 'event.rejected' THEN event_id IS NOT NULL
    WHEN 'event.resubmitted' THEN event_id IS NOT NULL
    WHEN 'event.edited' THEN event_id IS NOT NULL
    WHEN 'event.rescheduled' THEN event_id IS NOT NULL
    WHEN 'event.cancelled' THEN event_id IS NOT NULL AND length(btrim(data ->> 'reason')) BETWEEN 1 AND 500
    WHEN 'inquiry.responded' THEN inquiry_id IS NOT NULL
    WHEN 'review.responded' THEN review_id IS NOT NULL AND event_id IS NOT NULL
    WHEN 'seat_plan.applied' THEN event_id IS NOT NULL
    WHEN 'order.cancelled' THEN order_id IS NOT NULL AND event_id IS NOT NULL
    WHEN 'order.refunded' THEN order_id IS NOT NULL AND event_id IS NOT NULL
    WHEN 'ticket.checked_in' THEN order_id IS NOT NULL AND event_id IS NOT NULL
    WHEN 'ticket.checkin_undone' THEN order_id IS NOT NULL AND event_id IS NOT NULL AND length(btrim(data ->> 'reason')) BETWEEN 1 AND 500
    WHEN 'ticket.transferred' THEN order_id IS NOT NULL AND event_id IS NOT NULL
    WHEN 'ticket.transfer_claimed' THEN order_id IS NOT NULL AND event_id IS NOT NULL
    WHEN 'ticket.transfer_revoked' THEN order_id IS NOT NULL AND event_id IS NOT NULL
    ELSE true
  END
);
-- An event's history for the admin: decisions, resubmissions, edits and cancellation.
DROP INDEX audit_trail_event_decision_idx;
CREATE INDEX audit_trail_event_decision_idx ON audit_trail (event_id, id DESC)
  WHERE action IN ('event.approved', 'event.rejected', 'event.resubmitted', 'event.edited', 'event.rescheduled', 'event.cancelled');
