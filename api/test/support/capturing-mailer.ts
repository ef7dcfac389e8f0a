import type { Mailer, MailMessage } from '../../src/mail/mailer';

/** A mailer that keeps what it sends, and refuses while `down`. */
export function capturingMailer(): Mailer & { sent: MailMessage[]; down: boolean } {
  const mailer = {
    kind: 'outbox' as const,
    sent: [] as MailMessage[],
    down: false,
    async send(message: MailMessage) {
      await new Promise((r) => setImmediate(r));
      if (mailer.down) throw new Error('SMTP server unreachable');
      mailer.sent.push(message);
    },
    close: () => undefined,
  };
  return mailer;
}
