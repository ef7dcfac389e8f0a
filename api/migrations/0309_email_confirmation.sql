-- Proof of the address (PRODUCT §3): an account registered with email and password buys only once
-- it has opened the link mailed to its address.
--   email_confirmed_at  when the address was proved; NULL until then. Registration inserts NULL;
--                       every other way an account is made (seeds, demo data, Google sign-in,
--                       accounts an admin makes) starts confirmed, and so do all existing accounts.
ALTER TABLE users ADD COLUMN email_confirmed_at timestamptz DEFAULT now();

-- Confirmation links: only the SHA-256 of the link's random token is kept. One use, 24 hours.
CREATE TABLE email_confirmation_tokens (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  token_hash text NOT NULL UNIQUE CHECK (token_hash ~ '^[0-9a-f]{64}$'),
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  used_at timestamptz,
  CHECK (expires_at > created_at)
);
CREATE INDEX email_confirmation_tokens_user_idx ON email_confirmation_tokens (user_id, created_at DESC);
