-- Development outbox. With no SMTP configured (SMTP_URL / SMTP_HOST), every mail the API sends
-- is written to the API log and kept here instead of being delivered:
--   id          ascending: the newest mail has the highest id
--   "to"        the recipient address as given (quote the column: TO is an SQL keyword)
--   subject     the subject line
--   text        the plain-text body (a password-reset mail contains its 6-digit code)
--   created_at  when it was "sent"
-- API and end-to-end tests read the newest mail for an address with
--   SELECT subject, text FROM mail_outbox WHERE lower("to") = lower($1) ORDER BY id DESC LIMIT 1
CREATE TABLE mail_outbox (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  "to" text NOT NULL,
  subject text NOT NULL,
  text text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX mail_outbox_to_idx ON mail_outbox (lower("to"), id DESC);
