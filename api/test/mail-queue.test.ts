// The mail queue: mail written in a change's transaction is queued once per dedupe key, sent by
// the worker, tried again after the transport refused it, and sent once by workers running at once.
import { migrate } from '../src/db/migrate';
import { deliverQueuedMail, enqueueMail } from '../src/mail/mail-queue';
import type { Mailer, MailMessage } from '../src/mail/mailer';
import { freshSchema } from './support/helpers';
import type { FreshSchema } from './support/helpers';

jest.setTimeout(60_000);

/** A mailer that keeps what it sends, and refuses while `down`. */
function capturingMailer(): Mailer & { sent: MailMessage[]; down: boolean } {
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

describe('the mail queue', () => {
  let s: FreshSchema;
  beforeAll(async () => {
    s = await freshSchema();
    await migrate(s.db);
  }, 60_000);
  afterAll(async () => {
    await s?.drop();
  });
  beforeEach(async () => {
    await s.db.query('DELETE FROM mail_queue');
  });

  it('queues a mail once per dedupe key, with its attachments, only when the transaction commits', async () => {
    const mail = { to: 'ana@example.test', subject: 'Moved: Final', text: 'New date', attachments: [{ filename: 'a.ics', contentType: 'text/calendar', content: Buffer.from('BEGIN:VCALENDAR') }] };
    expect(await enqueueMail(s.db, mail, 'moved:1')).toBe(true);
    expect(await enqueueMail(s.db, mail, 'moved:1')).toBe(false);
    await expect(
      s.db.withTransaction(async (tx) => {
        await enqueueMail(tx, { ...mail, subject: 'Rolled back' }, 'moved:2');
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    const mailer = capturingMailer();
    expect(await deliverQueuedMail(s.db, mailer, undefined)).toBe(1);
    expect(mailer.sent).toHaveLength(1);
    expect(mailer.sent[0]?.subject).toBe('Moved: Final');
    expect(mailer.sent[0]?.attachments?.[0]?.content.toString()).toBe('BEGIN:VCALENDAR');
    expect(await deliverQueuedMail(s.db, mailer, undefined)).toBe(0);
  });

  it('keeps a mail the transport refused, with the error, and sends it on a later run', async () => {
    await enqueueMail(s.db, { to: 'ben@example.test', subject: 'Refunded', text: 'Done' });
    const mailer = capturingMailer();
    mailer.down = true;
    expect(await deliverQueuedMail(s.db, mailer, undefined)).toBe(0);
    const { rows } = await s.db.query<{ attempts: number; last_error: string; sent_at: Date | null }>('SELECT attempts, last_error, sent_at FROM mail_queue');
    expect(rows).toEqual([{ attempts: 1, last_error: 'Error: SMTP server unreachable', sent_at: null }]);
    mailer.down = false;
    expect(await deliverQueuedMail(s.db, mailer, undefined)).toBe(1);
    expect(mailer.sent.map((m) => m.to)).toEqual(['ben@example.test']);
  });

  it('two workers at once send each mail once', async () => {
    for (let i = 0; i < 40; i += 1) await enqueueMail(s.db, { to: `buyer${i}@example.test`, subject: `Mail ${i}`, text: 'x' }, `mail:${i}`);
    const mailer = capturingMailer();
    const counts = await Promise.all([deliverQueuedMail(s.db, mailer, undefined), deliverQueuedMail(s.db, mailer, undefined)]);
    expect(counts[0] + counts[1]).toBe(40);
    expect(new Set(mailer.sent.map((m) => m.subject)).size).toBe(40);
    expect(mailer.sent).toHaveLength(40);
  });
});
