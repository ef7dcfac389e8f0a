-- The audit trail records a role change (an approved organizer application makes a visitor an
-- Organizer), about the account whose role changed.
ALTER TABLE audit_trail DROP CONSTRAINT audit_trail_action_check;
ALTER TABLE audit_trail ADD CONSTRAINT audit_trail_action_check CHECK (action IN (
  'account.status_changed', 'account.role_changed',
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
    WHEN 'account.role_changed' THEN account_id IS NOT NULL
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
