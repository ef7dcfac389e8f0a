-- The device cookie a reset code was asked with (its random device id; see api/src/auth/device-cookie.ts),
-- NULL when it was asked without one. Codes asked from a browser that signed in to the account
-- count against that browser's own budget, the others against the account's, so strangers who
-- spend the account's budget cannot keep the owner from resetting (docs/accounts.md).
ALTER TABLE password_reset_codes ADD COLUMN device_id text CHECK (device_id ~ '^[A-Za-z0-9_-]{22}$');
