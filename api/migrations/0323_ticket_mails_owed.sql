-- Ticket mails paid orders owe their buyers (mail/owed-ticket-mail.ts): the payment adds the row in
-- its own transaction and the mail's sender deletes it once the mail is sent. The table holds only
-- what is owed right now, so the sweep reads it whole.
--   due_at    until then the paying process sends the mail; from then on the periodic sweep may (a
--             process that died, a database too busy to answer, a transport that refused)
--   attempts  the sweep's tries; after MAIL_MAX_ATTEMPTS the row stays for a person to look at
CREATE TABLE ticket_mails_owed (
  order_id integer PRIMARY KEY REFERENCES orders (id) ON DELETE CASCADE,
  due_at timestamptz NOT NULL,
  attempts smallint NOT NULL DEFAULT 0 CHECK (attempts >= 0)
);
