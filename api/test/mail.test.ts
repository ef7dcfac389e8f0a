import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { createDb } from '../src/db';
import type { Db } from '../src/db';
import { createMailer } from '../src/mail/mailer';
import { newestOutboxMail } from '../src/mail/outbox.repository';
import { createLogger } from '../src/logger';
import { uniqueEmail } from './support/accounts';
import { memoryLogger, prepareDatabase, testConfig } from './support/helpers';

/** Just enough of an SMTP server to receive one message (no TLS, no auth). */
async function fakeSmtp(): Promise<{ port: number; messages: string[]; close(): Promise<void> }> {
  const messages: string[] = [];
  const server = net.createServer((socket) => {
    let data = false;
    let buffer = '';
    socket.write('220 fake ESMTP\r\n');
    socket.on('data', (chunk) => {
      buffer += chunk.toString('utf8');
      let end: number;
      while (data ? (end = buffer.indexOf('\r\n.\r\n')) >= 0 : (end = buffer.indexOf('\r\n')) >= 0) {
        if (data) {
          messages.push(buffer.slice(0, end));
          buffer = buffer.slice(end + 5);
          data = false;
          socket.write('250 queued\r\n');
          continue;
        }
        const line = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        const verb = line.slice(0, 4).toUpperCase();
        if (verb === 'EHLO' || verb === 'HELO') socket.write('250-fake\r\n250 8BITMIME\r\n');
        else if (verb === 'DATA') {
          data = true;
          socket.write('354 go ahead\r\n');
        } else if (verb === 'QUIT') socket.end('221 bye\r\n');
        else socket.write('250 ok\r\n');
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { port: (server.address() as AddressInfo).port, messages, close: () => new Promise((r) => server.close(() => r())) };
}

describe('mailer', () => {
  let db: Db;
  beforeAll(async () => {
    db = createDb(testConfig().databaseUrl, { max: 2 });
    await prepareDatabase(db);
  });
  afterAll(async () => {
    await db.close();
  });

  it('without SMTP, logs each mail and keeps it in mail_outbox', async () => {
    const { logger, lines } = memoryLogger();
    const mailer = createMailer({ from: 'Tickets <no-reply@example.test>', smtp: null }, { db, logger });
    expect(mailer.kind).toBe('outbox');
    const to = uniqueEmail('outbox');
    await mailer.send({ to, subject: 'Hello', text: 'Your code is 123456.' });
    const kept = await newestOutboxMail(db, to.toUpperCase());
    expect(kept).toMatchObject({ to, subject: 'Hello', text: 'Your code is 123456.' });
    expect(kept?.created_at).toBeInstanceOf(Date);
    expect(lines().find((l) => (l.mail as { to?: string } | undefined)?.to === to)).toMatchObject({ mail: { subject: 'Hello' } });
    expect(JSON.stringify(lines())).not.toContain('123456');
    mailer.close();
  });

  it('with SMTP configured, delivers through it and keeps nothing in the outbox', async () => {
    const smtp = await fakeSmtp();
    const mailer = createMailer({ from: 'Tickets <no-reply@example.test>', smtp: { url: `smtp://127.0.0.1:${smtp.port}?ignoreTLS=true` } }, { db, logger: createLogger('silent') });
    try {
      expect(mailer.kind).toBe('smtp');
      const to = uniqueEmail('smtp');
      await mailer.send({ to, subject: 'Your password reset code', text: 'Your password reset code is 654321.' });
      expect(smtp.messages).toHaveLength(1);
      expect(smtp.messages[0]).toMatch(new RegExp(`^To: ${to}`, 'm'));
      expect(smtp.messages[0]).toMatch(/^Subject: Your password reset code/m);
      expect(smtp.messages[0]).toContain('654321');
      expect(await newestOutboxMail(db, to)).toBeNull();
    } finally {
      mailer.close();
      await smtp.close();
    }
  });
});
