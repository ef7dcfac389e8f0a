-- The audit trail records an organizer creating a promo code and ending it, about its event, with
-- the code in the details. The action list is extended as it stands, whatever other migrations
-- added to it before this one.
DO $$
DECLARE
  def text;
BEGIN
  SELECT pg_get_constraintdef(oid) INTO def FROM pg_constraint
  WHERE conrelid = 'audit_trail'::regclass AND conname = 'audit_trail_action_check';
  IF def NOT LIKE '%''promo_code.created''%' THEN
    ALTER TABLE audit_trail DROP CONSTRAINT audit_trail_action_check;
    EXECUTE 'ALTER TABLE audit_trail ADD CONSTRAINT audit_trail_action_check '
      || replace(def, 'ARRAY[', 'ARRAY[''promo_code.created''::text, ''promo_code.ended''::text, ');
  END IF;
END
$$;

ALTER TABLE audit_trail ADD CONSTRAINT audit_trail_promo_code_subject CHECK (
  action NOT IN ('promo_code.created', 'promo_code.ended') OR (event_id IS NOT NULL AND length(data ->> 'code') > 0)
);
