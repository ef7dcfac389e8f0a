-- "Ticket your Event": a signed-in visitor asks to become an organizer; an admin approves (the
-- account becomes an Organizer in the same transaction) or declines, with an optional reason.
--   user_id         who applied
--   organization, contact_person, phone, description
--                   what they told us (phone as +63 and its digits)
--   status          pending until an admin decides
--   decided_by, decided_at, decline_reason
--                   the decision (both set once decided; a reason only on a decline)
CREATE TABLE organizer_applications (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  user_id integer NOT NULL REFERENCES users (id),
  organization text NOT NULL CHECK (length(organization) BETWEEN 2 AND 150),
  contact_person text NOT NULL CHECK (length(contact_person) BETWEEN 2 AND 100),
  phone text NOT NULL CHECK (phone ~ '^\+63[0-9]{9,10}$'),
  description text NOT NULL CHECK (length(description) BETWEEN 20 AND 2000),
  status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'approved', 'declined')),
  decided_by integer REFERENCES users (id),
  decided_at timestamptz,
  decline_reason text CHECK (length(decline_reason) BETWEEN 1 AND 500),
  created_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT organizer_applications_decision CHECK ((status = 'pending') = (decided_at IS NULL) AND (decided_by IS NULL OR decided_at IS NOT NULL)),
  CONSTRAINT organizer_applications_reason_on_decline CHECK (decline_reason IS NULL OR status = 'declined')
);

-- At most one open application per account.
CREATE UNIQUE INDEX organizer_applications_one_pending ON organizer_applications (user_id) WHERE status = 'pending';
-- The applicant's latest application.
CREATE INDEX organizer_applications_user_idx ON organizer_applications (user_id, id DESC);
-- The admins' queue, oldest first.
CREATE INDEX organizer_applications_pending_idx ON organizer_applications (id) WHERE status = 'pending';
