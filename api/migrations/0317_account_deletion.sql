-- Deleting one's own account (My Account, Data Privacy Act of 2012): the row stays, so orders,
-- tickets, reviews and feedback keep pointing at it for the organizer's and the complex's
-- records, but everything that names the person is replaced ("Deleted user", an address that
-- cannot receive mail) or removed, and deleted_at says when.
--   deleted_at  when the owner deleted the account; such a row has no password, gender or address
ALTER TABLE users ADD COLUMN deleted_at timestamptz;
ALTER TABLE users ADD CONSTRAINT users_deleted_anonymous CHECK (
  deleted_at IS NULL OR num_nonnulls(password_hash, middle_initial, suffix, gender, region_code, house_address) = 0
);

-- The trail records the deletion. The action list is extended as it stands, whatever other
-- migrations added to it before this one.
DO $$
DECLARE
  def text;
BEGIN
  SELECT pg_get_constraintdef(oid) INTO def FROM pg_constraint
  WHERE conrelid = 'audit_trail'::regclass AND conname = 'audit_trail_action_check';
  IF def NOT LIKE '%''account.deleted''%' THEN
    ALTER TABLE audit_trail DROP CONSTRAINT audit_trail_action_check;
    EXECUTE 'ALTER TABLE audit_trail ADD CONSTRAINT audit_trail_action_check '
      || replace(def, 'ARRAY[', 'ARRAY[''account.deleted''::text, ');
  END IF;
END
$$;
