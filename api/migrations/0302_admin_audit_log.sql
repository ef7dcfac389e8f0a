-- The admin audit log (PRODUCT §6): every account status change, event decision and inquiry
-- answer an admin makes, written in the transaction of the change itself.
--   at               when (the database clock at the change)
--   actor_user_id    the admin who did it
--   action           account.status | event.approve | event.reject | inquiry.respond
--   target_*         what it was done to: exactly one, the one its action names
--   before, after    the changed fields before and after, e.g. {"status": "Active"} -> {"status": "Restricted"}
--   ip               the admin's address as the API saw it (TRUST_PROXY decides whose); NULL when unknown
-- Rows are only ever added: the triggers below refuse UPDATE, DELETE and TRUNCATE, whoever asks.
CREATE TABLE admin_audit_log (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  at timestamptz NOT NULL DEFAULT now(),
  actor_user_id integer NOT NULL REFERENCES users (id),
  action text NOT NULL CHECK (action IN ('account.status', 'event.approve', 'event.reject', 'inquiry.respond')),
  target_user_id integer REFERENCES users (id),
  target_event_id integer REFERENCES events (id),
  target_inquiry_id integer REFERENCES inquiries (id),
  before jsonb NOT NULL CHECK (jsonb_typeof(before) = 'object'),
  after jsonb NOT NULL CHECK (jsonb_typeof(after) = 'object'),
  ip inet,
  CONSTRAINT admin_audit_log_one_target CHECK (num_nonnulls(target_user_id, target_event_id, target_inquiry_id) = 1),
  CONSTRAINT admin_audit_log_target_fits_action CHECK (
    (action = 'account.status' AND target_user_id IS NOT NULL)
    OR (action IN ('event.approve', 'event.reject') AND target_event_id IS NOT NULL)
    OR (action = 'inquiry.respond' AND target_inquiry_id IS NOT NULL)
  )
);
-- Read per account and per event, newest first.
CREATE INDEX admin_audit_log_user_idx ON admin_audit_log (target_user_id, id DESC) WHERE target_user_id IS NOT NULL;
CREATE INDEX admin_audit_log_event_idx ON admin_audit_log (target_event_id, id DESC) WHERE target_event_id IS NOT NULL;
CREATE INDEX admin_audit_log_inquiry_idx ON admin_audit_log (target_inquiry_id) WHERE target_inquiry_id IS NOT NULL;
CREATE INDEX admin_audit_log_actor_idx ON admin_audit_log (actor_user_id, id DESC);

CREATE FUNCTION admin_audit_log_append_only() RETURNS trigger
LANGUAGE plpgsql
AS $$
BEGIN
  RAISE EXCEPTION 'admin_audit_log is append-only: % refused', TG_OP USING ERRCODE = 'insufficient_privilege';
END;
$$;

CREATE TRIGGER admin_audit_log_no_update_or_delete BEFORE UPDATE OR DELETE ON admin_audit_log
  FOR EACH ROW EXECUTE FUNCTION admin_audit_log_append_only();
CREATE TRIGGER admin_audit_log_no_truncate BEFORE TRUNCATE ON admin_audit_log
  FOR EACH STATEMENT EXECUTE FUNCTION admin_audit_log_append_only();
