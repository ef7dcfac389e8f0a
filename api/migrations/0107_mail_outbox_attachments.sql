-- The ticket confirmation mail carries attachments: the QR code as a PNG image and the
-- event as an .ics calendar file. The development outbox keeps them with the mail, so the
-- developer and the tests see exactly what would have been sent:
--   attachments  a JSON array of {"filename", "contentType", "content" (base64 of the bytes)},
--                [] for a mail without any
ALTER TABLE mail_outbox ADD COLUMN attachments jsonb NOT NULL DEFAULT '[]' CHECK (jsonb_typeof(attachments) = 'array');
