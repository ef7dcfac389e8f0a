// A mail as the API writes it, whatever transport sends it (mailer.ts) or keeps it (outbox.repository.ts).

export interface MailAttachment {
  filename: string;
  contentType: string;
  content: Buffer;
}

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  attachments?: MailAttachment[];
}
