-- A person may decline to give a gender, at sign-up and in My Account.
ALTER TABLE users DROP CONSTRAINT users_gender_check;
ALTER TABLE users ADD CONSTRAINT users_gender_check CHECK (gender IN ('Male', 'Female', 'Other', 'Prefer not to say'));
