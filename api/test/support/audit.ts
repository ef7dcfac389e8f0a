// The audit trail's rows read the way the tests of each feature look at them.

/**
 * The check-in rows of audit_trail as the check-in log answers them (a scan, by hand or at a gate
 * with its result, an undo 'undone' with its reason, a conflict between gates), as a FROM item
 * named checkin_log.
 */
export const CHECKIN_LOG_ROWS = `(
  SELECT id, at, actor_user_id AS organizer_user_id,
         CASE action WHEN 'ticket.checkin_undone' THEN 'undo' WHEN 'ticket.checkin_conflict' THEN 'conflict' ELSE coalesce(data ->> 'method', 'scan') END AS action,
         CASE action WHEN 'ticket.checked_in' THEN 'checked_in' WHEN 'ticket.checkin_undone' THEN 'undone'
                     WHEN 'ticket.checkin_conflict' THEN 'conflict' ELSE data ->> 'result' END AS result,
         (data ->> 'selected_event_id')::integer AS selected_event_id, event_id, order_id, data ->> 'ticket_id' AS ticket_id,
         data ->> 'reason' AS reason, coalesce((data ->> 'override')::boolean, false) AS overridden, host(ip) AS ip
  FROM audit_trail WHERE action IN ('ticket.checked_in', 'ticket.checkin_refused', 'ticket.checkin_undone', 'ticket.checkin_conflict')
) AS checkin_log`;

/** The audit trail's admin actions. */
export const ADMIN_ACTIONS_SQL = `('account.status_changed', 'event.approved', 'event.rejected', 'inquiry.responded')`;

/** An order's check-in as it was before tickets per seat: when its first ticket came in, as a FROM item named c (order_id, checked_in_at). */
export const ORDER_CHECKINS = `(
  SELECT t.order_id, min(tc.checked_in_at) AS checked_in_at FROM tickets t JOIN ticket_checkins tc ON tc.ticket_id = t.id GROUP BY t.order_id
) AS c`;
