import type { BackgroundTasks } from './background';
import type { Config } from './config';
import type { Db } from './db';
import type { Logger } from './logger';
import type { Mailer } from './mail/mailer';
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
  /** null when GOOGLE_CLIENT_ID is not configured. */
  google: GoogleTokenVerifier | null;
}
