-- A paid order's ticket mail is queued in the payment's own transaction as one small row, then
-- rendered (QR images, calendar file) and sent after the commit by the ticket mail worker, in order
-- of the orders, and by the periodic sweep for anything a dead process or a busy database left.
--   attempts, last_error  sends the transport refused; after too many the row waits for a person
CREATE TABLE ticket_mail_queue (
  order_id integer PRIMARY KEY REFERENCES orders (id),
  queued_at timestamptz NOT NULL DEFAULT now(),
  sent_at timestamptz,
  attempts integer NOT NULL DEFAULT 0 CHECK (attempts >= 0),
  last_error text
);
CREATE INDEX ticket_mail_queue_unsent_idx ON ticket_mail_queue (order_id) WHERE sent_at IS NULL;
