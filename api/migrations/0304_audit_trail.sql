-- The audit trail: one row for everything a person (or the system) did that others rely on, written
-- in the transaction of the change itself by api/src/audit (logAction).
--   at             when (the caller's clock when it passes one, else the database clock)
--   actor_user_id  who did it; NULL when the system did
--   action         what, as a dotted name: <subject>.<what happened>
--   account_id, event_id, order_id, inquiry_id, review_id
--                  what it was done to (the subject, and the event a review or a ticket belongs to)
--   ip             the caller's address as the API saw it (TRUST_PROXY decides whose); NULL when unknown
--   data           the details: fields before and after, a reason, a scan's answer, ...
--
-- The readers and their indexes:
--   an account's history          account_id, account.* actions
--   an event's decisions          event_id, event.approved / event.rejected
--   an event's check-in log       ticket.* rows of the scanning organizer, by the ticket's event
--                                 (event_id, only when the ticket is that organizer's) or by the
--                                 event selected when scanning (data.selected_event_id)
CREATE TABLE audit_trail (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  at timestamptz NOT NULL DEFAULT now(),
  actor_user_id integer REFERENCES users (id),
  action text NOT NULL CHECK (action IN (
    'account.status_changed',
    'event.approved', 'event.rejected', 'inquiry.responded',
    'review.responded', 'seat_plan.applied',
    'ticket.checked_in', 'ticket.checkin_refused', 'ticket.checkin_undone'
  )),
  account_id integer REFERENCES users (id),
  event_id integer REFERENCES events (id),
  order_id integer REFERENCES orders (id),
  inquiry_id integer REFERENCES inquiries (id),
  review_id integer REFERENCES reviews (id),
  ip inet,
  data jsonb NOT NULL DEFAULT '{}'::jsonb CHECK (jsonb_typeof(data) = 'object'),
  -- Each action names the subjects its readers look it up by.
  CONSTRAINT audit_trail_subject_fits_action CHECK (
    CASE action
      WHEN 'account.status_changed' THEN account_id IS NOT NULL
      WHEN 'event.approved' THEN event_id IS NOT NULL
      WHEN 'event.rejected' THEN event_id IS NOT NULL
      WHEN 'inquiry.responded' THEN inquiry_id IS NOT NULL
      WHEN 'review.responded' THEN review_id IS NOT NULL AND event_id IS NOT NULL
      WHEN 'seat_plan.applied' THEN event_id IS NOT NULL
      WHEN 'ticket.checked_in' THEN order_id IS NOT NULL AND event_id IS NOT NULL
      WHEN 'ticket.checkin_undone' THEN order_id IS NOT NULL AND event_id IS NOT NULL AND length(btrim(data ->> 'reason')) BETWEEN 1 AND 500
      ELSE true
    END
  ),
  -- A refused scan says why, in the words of the check-in answer.
  CONSTRAINT audit_trail_checkin_refusal CHECK (
    action <> 'ticket.checkin_refused'
    OR (data ->> 'result') IN ('already_checked_in', 'wrong_event', 'forged', 'altered', 'not_paid', 'unreadable')
  )
);

CREATE INDEX audit_trail_account_idx ON audit_trail (account_id, id DESC) WHERE account_id IS NOT NULL;
CREATE INDEX audit_trail_event_decision_idx ON audit_trail (event_id, id DESC) WHERE action IN ('event.approved', 'event.rejected');
CREATE INDEX audit_trail_inquiry_idx ON audit_trail (inquiry_id) WHERE inquiry_id IS NOT NULL;
CREATE INDEX audit_trail_review_idx ON audit_trail (review_id) WHERE review_id IS NOT NULL;
CREATE INDEX audit_trail_checkin_event_idx ON audit_trail (event_id, id DESC)
  WHERE action IN ('ticket.checked_in', 'ticket.checkin_refused', 'ticket.checkin_undone');
CREATE INDEX audit_trail_checkin_selected_event_idx ON audit_trail (((data ->> 'selected_event_id')::integer), id DESC)
  WHERE action IN ('ticket.checked_in', 'ticket.checkin_refused', 'ticket.checkin_undone');

-- The rows of the three logs this table replaces, each log in its own order, interleaved by time.
-- A log's rows keep their relative order even where its times went backwards (the running
-- maximum of its times is the sort key), so each reader lists them as before.
INSERT INTO audit_trail (at, actor_user_id, action, account_id, event_id, order_id, inquiry_id, review_id, ip, data)
SELECT at, actor_user_id, action, account_id, event_id, order_id, inquiry_id, review_id, ip, data
FROM (
  SELECT *, max(at) OVER (PARTITION BY source ORDER BY old_id) AS sort_at
  FROM (
    SELECT 1 AS source, a.id AS old_id, a.at, a.actor_user_id,
           CASE a.action
             WHEN 'account.status' THEN 'account.status_changed'
             WHEN 'event.approve' THEN 'event.approved'
             WHEN 'event.reject' THEN 'event.rejected'
             WHEN 'inquiry.respond' THEN 'inquiry.responded'
           END AS action,
           a.target_user_id AS account_id, a.target_event_id AS event_id, NULL::integer AS order_id,
           a.target_inquiry_id AS inquiry_id, NULL::integer AS review_id, a.ip,
           jsonb_build_object('before', a.before, 'after', a.after) AS data
    FROM admin_audit_log a
    UNION ALL
    SELECT 2, o.id, o.at, o.actor_user_id,
           CASE o.action WHEN 'review.respond' THEN 'review.responded' WHEN 'seat_plan.apply' THEN 'seat_plan.applied' END,
           NULL, o.event_id, NULL, NULL, o.review_id, NULL, o.details
    FROM organizer_audit_log o
    UNION ALL
    SELECT 3, c.id, c.at, c.organizer_user_id,
           CASE WHEN c.action = 'undo' THEN 'ticket.checkin_undone'
                WHEN c.result = 'checked_in' THEN 'ticket.checked_in'
                ELSE 'ticket.checkin_refused' END,
           NULL, c.event_id, c.order_id, NULL, NULL, NULL,
           CASE WHEN c.action = 'undo' THEN jsonb_build_object('ticket_id', c.ticket_id, 'reason', c.reason)
                WHEN c.result = 'checked_in' THEN jsonb_build_object('ticket_id', c.ticket_id, 'selected_event_id', c.selected_event_id)
                ELSE jsonb_build_object('result', c.result, 'ticket_id', c.ticket_id, 'selected_event_id', c.selected_event_id) END
    FROM checkin_log c
  ) old
) sorted
ORDER BY sort_at, source, old_id;

DROP TABLE admin_audit_log, organizer_audit_log, checkin_log;
DROP FUNCTION admin_audit_log_append_only();

-- Rows are only ever added. The triggers refuse UPDATE, DELETE and TRUNCATE whoever asks, the
-- table's owner and superusers included (the API may well connect as the owner, which no
-- privilege can stop). Besides, UPDATE, DELETE and TRUNCATE are revoked from everyone but the
-- owner's explicit grant: a role the API connects as that is not the owner was never granted
-- them, and the owner itself (here, the role running the migrations) gets "permission denied"
-- before the triggers are even reached, unless it grants them back to itself on purpose.
CREATE FUNCTION audit_trail_append_only() RETURNS trigger
LANGUAGE plpgsql
AS $$
BEGIN
  RAISE EXCEPTION 'audit_trail is append-only: % refused', TG_OP USING ERRCODE = 'insufficient_privilege';
END;
$$;

CREATE TRIGGER audit_trail_no_update_or_delete BEFORE UPDATE OR DELETE ON audit_trail
  FOR EACH ROW EXECUTE FUNCTION audit_trail_append_only();
CREATE TRIGGER audit_trail_no_truncate BEFORE TRUNCATE ON audit_trail
  FOR EACH STATEMENT EXECUTE FUNCTION audit_trail_append_only();

REVOKE UPDATE, DELETE, TRUNCATE ON audit_trail FROM PUBLIC, CURRENT_USER;
