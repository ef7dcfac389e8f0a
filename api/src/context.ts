import type { BackgroundTasks } from './background';
import type { Config } from './config';
import type { Db } from './db';
import type { Logger } from './logger';
import type { Mailer } from './mail/mailer';
import type { MailQueue } from './mail/mail-queue';
import type { RateLimiter } from './rate-limit/rate-limiter';
import type { GoogleTokenVerifier } from './auth/google-token';

/** What the feature modules need, built once per app in createApp. */
export interface AppContext {
  config: Config;
  db: Db;
  logger: Logger;
  rateLimiter: RateLimiter;
  mailer: Mailer;
  tasks: BackgroundTasks;
  /** Mail queued in a change's transaction (mail_queue) is sent after the commit: kick it then. */
  mailQueue: MailQueue;
  /** null when GOOGLE_CLIENT_ID is not configured. */
  google: GoogleTokenVerifier | null;
}
