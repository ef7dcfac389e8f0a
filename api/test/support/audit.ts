// The audit trail's rows read the way the tests of each feature look at them.

/**
 * The check-in rows of audit_trail as the check-in log answers them (a scan with its result, an
 * undo 'undone' with its reason), as a FROM item named checkin_log.
 */
export const CHECKIN_LOG_ROWS = `(
  SELECT id, at, actor_user_id AS organizer_user_id,
         CASE action WHEN 'ticket.checkin_undone' THEN 'undo' ELSE 'scan' END AS action,
         CASE action WHEN 'ticket.checked_in' THEN 'checked_in' WHEN 'ticket.checkin_undone' THEN 'undone' ELSE data ->> 'result' END AS result,
         (data ->> 'selected_event_id')::integer AS selected_event_id, event_id, order_id, data ->> 'ticket_id' AS ticket_id,
         data ->> 'reason' AS reason, host(ip) AS ip
  FROM audit_trail WHERE action IN ('ticket.checked_in', 'ticket.checkin_refused', 'ticket.checkin_undone')
) AS checkin_log`;

/** The audit trail's admin actions. */
export const ADMIN_ACTIONS_SQL = `('account.status_changed', 'event.approved', 'event.rejected', 'inquiry.responded')`;
