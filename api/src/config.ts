import { z } from 'zod';
import { parseSigningKey } from './signing-key';
import { DEFAULT_WAITING_ROOM_SHOPPERS, MAX_WAITING_ROOM_SHOPPERS } from '@sports/contracts';

/** What every API connection runs with unless told otherwise (DATABASE_*_TIMEOUT_MS). */
export const DB_DEFAULTS = {
  /** A request waits at most this long for a free connection, then gets a 503. */
  acquireTimeoutMillis: 5_000,
  /** Booking statements take milliseconds; anything near this is stuck, not slow. */
  statementTimeoutMillis: 5_000,
  /** No request queues behind another's row or advisory lock for longer than this. */
  lockTimeoutMillis: 2_000,
} as const;

/** Used only outside production, and announced as a warning at start. */
export const DEV_JWT_SECRET = 'dev-only-insecure-jwt-secret-change-me-0123456789';
/** Pepper of the password-reset code hashes outside production (announced as a warning). */
export const DEV_RESET_CODE_PEPPER = 'dev-only-insecure-reset-code-pepper-change-me-0123';
/** HMAC key of the device cookies outside production (announced as a warning). */
export const DEV_DEVICE_COOKIE_SECRET = 'dev-only-insecure-device-cookie-secret-change-me-01';
export const DEFAULT_GOOGLE_JWKS_URL = 'https://www.googleapis.com/oauth2/v3/certs';

const DEFAULT_CORS_ORIGINS = [3000, 3001, 3002, 3003].flatMap((port) => [`http://localhost:${port}`, `http://127.0.0.1:${port}`]);

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

/** At most `max` attempts per window of `windowSeconds` (a window starts at its first attempt; kept in PostgreSQL). */
export interface RateLimit {
  max: number;
  windowSeconds: number;
}

export interface RateLimits {
  /**
   * Failed logins per account (lower(email), known or not) from anywhere, before attempts without
   * the account's device cookie wait a growing delay (loginDelay); a successful login gives its attempt back.
   */
  loginPerAccount: RateLimit;
  /** Login attempts per address (any account); a successful login gives its attempt back. */
  loginPerIp: RateLimit;
  /** Login attempts per account and address, without the account's device cookie. */
  loginPerAccountIp: RateLimit;
  /** Login attempts per device cookie: a stolen cookie is no unlimited oracle. */
  loginPerDevice: RateLimit;
  /**
   * Password-reset codes (and confirmation links) mailed per account, and per device cookie of it
   * (docs/accounts.md: never a refusal); reset and resend requests per IP (429 past it).
   */
  resetRequestPerAccount: RateLimit;
  resetRequestPerIp: RateLimit;
  /** Reset-code checks (verify-reset-code and reset-password) per IP. */
  resetVerifyPerIp: RateLimit;
  /** Feedback sent per IP, and per account (POST /api/feedback). */
  feedbackPerIp: RateLimit;
  /** Inquiries sent per IP (POST /api/inquiries). */
  inquiryPerIp: RateLimit;
  /** POST /api/tickets/verify per IP: the public ticket check cannot be used to probe ticket ids at speed. */
  ticketVerifyPerIp: RateLimit;
  /** Sign-ups (POST /api/register.php) per IP, new and known addresses alike. */
  registerPerIp: RateLimit;
}

/** What `RATE_LIMIT_*` variables default to. */
export const DEFAULT_RATE_LIMITS: RateLimits = {
  loginPerAccount: { max: 10, windowSeconds: 60 * 60 },
  loginPerIp: { max: 50, windowSeconds: 15 * 60 },
  loginPerAccountIp: { max: 10, windowSeconds: 15 * 60 },
  loginPerDevice: { max: 5, windowSeconds: 15 * 60 },
  resetRequestPerAccount: { max: 3, windowSeconds: 60 * 60 },
  resetRequestPerIp: { max: 20, windowSeconds: 60 * 60 },
  resetVerifyPerIp: { max: 10, windowSeconds: 15 * 60 },
  feedbackPerIp: { max: 10, windowSeconds: 60 * 60 },
  inquiryPerIp: { max: 5, windowSeconds: 60 * 60 },
  ticketVerifyPerIp: { max: 60, windowSeconds: 15 * 60 },
  registerPerIp: { max: 10, windowSeconds: 60 * 60 },
};

export interface SmtpConfig {
  /** smtp://user:pass@host:port or smtps://... */
  url?: string;
  host?: string;
  port?: number;
  secure?: boolean;
  user?: string;
  pass?: string;
}

export interface Config {
  env: 'development' | 'test' | 'production';
  port: number;
  host: string;
  databaseUrl: string;
  /** DATABASE_POOL_MAX: connections each API process keeps at most (default 10). */
  databasePoolMax: number;
  /** API_PROCESSES: API processes `node api/dist/server.js` runs on its one port (default 1; `npm start` runs one per core). */
  apiProcesses: number;
  /** How long API connections may wait (see DB_DEFAULTS). */
  databaseTimeouts: {
    /** DATABASE_ACQUIRE_TIMEOUT_MS: a request waits this long for a free connection, then gets 503 with Retry-After. */
    acquireMs: number;
    /** DATABASE_STATEMENT_TIMEOUT_MS: statement_timeout of every API connection. */
    statementMs: number;
    /** DATABASE_LOCK_TIMEOUT_MS: lock_timeout of every API connection. */
    lockMs: number;
  };
  corsOrigins: string[];
  jwtSecret: string;
  logLevel: (typeof LOG_LEVELS)[number];
  /** Largest accepted JSON body (express.json `limit`). */
  jsonLimit: string;
  /** Where users reach the product (PUBLIC_ORIGIN); https makes the session cookie Secure. */
  publicOrigin: string | null;
  /** Session cookie carries Secure: in production, or when publicOrigin is https. */
  cookieSecure: boolean;
  /** Lifetime of a session (cookie, JWT and sessions row). */
  sessionTtlSeconds: number;
  /** Express 'trust proxy': false (req.ip is the socket's address), a hop count, or addresses/subnets. */
  trustProxy: boolean | number | string;
  /**
   * PROXY_SECRET: with it, only requests carrying it in X-Proxy-Secret may name the client
   * (X-Forwarded-*); without it, only callers on other machines may (docs/requests.md).
   */
  proxySecret: string | null;
  rateLimits: RateLimits;
  /**
   * Once an account has more failed logins than loginPerAccount allows, an attempt without its
   * device cookie passes only after a delay: firstSeconds after the first failure beyond, doubling
   * with each further failure, at most maxSeconds (LOGIN_DELAY_MAX).
   */
  loginDelay: { firstSeconds: number; maxSeconds: number };
  /** Device cookies (set at sign-in): DEVICE_COOKIE_SECRET is their HMAC key; they last ttlSeconds. */
  deviceCookie: { secret: string; ttlSeconds: number };
  /** HMAC key of the stored password-reset code hashes. */
  resetCodePepper: string;
  google: {
    /** OAuth client id; null: social sign-in is not configured (503). */
    clientId: string | null;
    jwksUrl: string;
    /** An unknown key id refetches the key set at most this often. */
    jwksRefetchCooldownMs: number;
  };
  mail: {
    from: string;
    /** null: the development outbox (log + mail_outbox table). */
    smtp: SmtpConfig | null;
  };
  /** Booking (PRODUCT §4). */
  booking: {
    /** MAX_SEATS_PER_ORDER: most seats in one hold (default 10). */
    maxSeatsPerOrder: number;
    /** MAX_SEATS_PER_ACCOUNT: most seats one account may hold or own for one event at a time (default 10). */
    maxSeatsPerAccount: number;
    /** BOOK_BATCH_MAX: most book calls one statement carries (default 64; 1 = one statement per call). */
    batchMax: number;
    /** BOOK_BATCHES_IN_FLIGHT: batch statements one API process has running at once (default 1). */
    batchesInFlight: number;
    /** HOLD_MINUTES: how long a hold lasts unpaid (default 10). */
    holdMinutes: number;
    /**
     * LAW_DISCOUNT_PERCENT: the discount Senior Citizen and PWD tickets get by law (Republic Acts
     * 9994 and 10754; default 20). Each ticket keeps the amount it was priced with.
     */
    lawDiscountPercent: number;
    /** HOLD_SWEEP_SECONDS: how often each API process expires due holds (default 60; 0 = never). */
    holdSweepSeconds: number;
    /** TICKET_SIGNING_KEY: Ed25519 PKCS8 PEM or base64 DER; null = the development key file in .data/keys. */
    ticketSigningKey: string | null;
    /**
     * WAITING_ROOM_SHOPPERS: shoppers one event admits at once when its waiting room does not say
     * (default 300); an event's line also switches on by itself when this many accounts hold seats of it.
     */
    waitingRoomShoppers: number;
  };
}

export interface LoadedConfig {
  config: Config;
  /** Development defaults that were applied: print them at start. */
  warnings: string[];
}

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/** 12h, 30m, 45s, 2d, or plain seconds. */
const DURATION = /^(\d{1,7})(s|m|h|d)?$/;
const UNIT_SECONDS = { s: 1, m: 60, h: 3600, d: 86400 } as const;

export function parseDuration(value: string): number {
  const match = DURATION.exec(value.trim());
  if (!match) throw new Error(`Not a duration: ${value}`);
  return Number(match[1]) * UNIT_SECONDS[(match[2] ?? 's') as keyof typeof UNIT_SECONDS];
}

/** "10/15m": at most 10 per 15 minutes. */
function rateLimit(name: string) {
  return z
    .string()
    .regex(/^\s*\d{1,7}\s*\/\s*\d{1,7}(s|m|h|d)?\s*$/, `${name} looks like 10/15m (attempts per window)`)
    .transform((v): RateLimit => {
      const [max, window] = v.split('/').map((p) => p.trim()) as [string, string];
      return { max: Number(max), windowSeconds: parseDuration(window) };
    })
    .refine((l) => l.max >= 1 && l.windowSeconds >= 1, `${name} needs at least 1 attempt and a window of at least 1 second`);
}

/** TRUST_PROXY: unset/false = off; true; a hop count; or a list such as "loopback, 10.0.0.0/8". */
function parseTrustProxy(value: string | undefined): boolean | number | string {
  if (value === undefined || value.trim() === '' || value.trim() === 'false') return false;
  if (value.trim() === 'true') return true;
  if (/^\d+$/.test(value.trim())) return Number(value.trim());
  return value.trim();
}

/** true when a TRUST_PROXY value would trust a caller on this machine (every caller, or a loopback address). */
function trustsLoopback(trustProxy: boolean | number | string): boolean {
  if (typeof trustProxy !== 'string') return trustProxy !== false && trustProxy !== 0;
  return trustProxy.split(',').some((entry) => /^(loopback|127\.|::1$|::ffff:127\.|0\.0\.0\.0\/0$|::\/0$)/i.test(entry.trim()));
}

/** Whole milliseconds, at least `min` (0 = no limit where allowed), at most 10 minutes. */
function milliseconds(name: string, min: number) {
  return z.coerce
    .number({ error: `${name} must be a number of milliseconds` })
    .int(`${name} must be a whole number of milliseconds`)
    .min(min, `${name} must be at least ${min}`)
    .max(600_000, `${name} must be at most 600000 (10 minutes)`);
}

/** Unset and empty variables are the same thing. */
const optional = <T extends z.ZodType>(schema: T) => z.preprocess((v) => (v === '' ? undefined : v), schema.optional());

function isOrigin(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.origin === value;
  } catch {
    return false;
  }
}

const envSchema = z.object({
  NODE_ENV: optional(z.enum(['development', 'test', 'production'], { error: 'NODE_ENV must be development, test or production' })),
  DATABASE_URL: optional(z.string().regex(/^postgres(ql)?:\/\/\S+$/, 'DATABASE_URL must be a postgres:// URL')),
  DATABASE_POOL_MAX: optional(z.coerce.number({ error: 'DATABASE_POOL_MAX must be a number' }).int('DATABASE_POOL_MAX must be an integer').min(1, 'DATABASE_POOL_MAX must be at least 1').max(200, 'DATABASE_POOL_MAX must be at most 200')),
  DATABASE_ACQUIRE_TIMEOUT_MS: optional(milliseconds('DATABASE_ACQUIRE_TIMEOUT_MS', 1)),
  DATABASE_STATEMENT_TIMEOUT_MS: optional(milliseconds('DATABASE_STATEMENT_TIMEOUT_MS', 0)),
  DATABASE_LOCK_TIMEOUT_MS: optional(milliseconds('DATABASE_LOCK_TIMEOUT_MS', 0)),
  API_PROCESSES: optional(z.coerce.number({ error: 'API_PROCESSES must be a number' }).int('API_PROCESSES must be an integer').min(1, 'API_PROCESSES must be at least 1').max(64, 'API_PROCESSES must be at most 64')),
  API_PORT: optional(z.coerce.number({ error: 'API_PORT must be a number' }).int('API_PORT must be an integer').min(0).max(65535, 'API_PORT must be at most 65535')),
  API_HOST: optional(z.string().min(1)),
  CORS_ORIGINS: optional(z.string()),
  JWT_SECRET: optional(z.string()),
  LOG_LEVEL: optional(z.enum(LOG_LEVELS, { error: `LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')}` })),
  JSON_BODY_LIMIT: optional(z.string().regex(/^\d+(b|kb|mb)$/i, 'JSON_BODY_LIMIT looks like 100kb')),
  PUBLIC_ORIGIN: optional(z.string().refine(isOrigin, 'PUBLIC_ORIGIN must be an origin such as https://tickets.example.ph')),
  SESSION_TTL: optional(z.string().regex(DURATION, 'SESSION_TTL looks like 12h, 30m, 3600s or 3600')),
  TRUST_PROXY: optional(z.string()),
  PROXY_SECRET: optional(z.string().regex(/^[\x21-\x7e]{32,}$/, 'PROXY_SECRET must be at least 32 visible ASCII characters (no spaces), e.g. openssl rand -hex 32')),
  RATE_LIMIT_LOGIN_ACCOUNT: optional(rateLimit('RATE_LIMIT_LOGIN_ACCOUNT')),
  RATE_LIMIT_LOGIN_IP: optional(rateLimit('RATE_LIMIT_LOGIN_IP')),
  RATE_LIMIT_LOGIN_ACCOUNT_IP: optional(rateLimit('RATE_LIMIT_LOGIN_ACCOUNT_IP')),
  RATE_LIMIT_LOGIN_DEVICE: optional(rateLimit('RATE_LIMIT_LOGIN_DEVICE')),
  LOGIN_DELAY_MAX: optional(z.string().regex(DURATION, 'LOGIN_DELAY_MAX looks like 5m, 300s or 300')),
  DEVICE_COOKIE_SECRET: optional(z.string()),
  RATE_LIMIT_RESET_ACCOUNT: optional(rateLimit('RATE_LIMIT_RESET_ACCOUNT')),
  RATE_LIMIT_RESET_IP: optional(rateLimit('RATE_LIMIT_RESET_IP')),
  RATE_LIMIT_VERIFY_IP: optional(rateLimit('RATE_LIMIT_VERIFY_IP')),
  RATE_LIMIT_FEEDBACK_IP: optional(rateLimit('RATE_LIMIT_FEEDBACK_IP')),
  RATE_LIMIT_INQUIRY_IP: optional(rateLimit('RATE_LIMIT_INQUIRY_IP')),
  RATE_LIMIT_TICKET_VERIFY_IP: optional(rateLimit('RATE_LIMIT_TICKET_VERIFY_IP')),
  RATE_LIMIT_REGISTER_IP: optional(rateLimit('RATE_LIMIT_REGISTER_IP')),
  RESET_CODE_PEPPER: optional(z.string()),
  GOOGLE_CLIENT_ID: optional(z.string().max(500)),
  GOOGLE_JWKS_URL: optional(z.url({ protocol: /^https?$/, error: 'GOOGLE_JWKS_URL must be an http(s) URL' })),
  SMTP_URL: optional(z.string().regex(/^smtps?:\/\/\S+$/, 'SMTP_URL must be an smtp:// or smtps:// URL')),
  SMTP_HOST: optional(z.string()),
  SMTP_PORT: optional(z.coerce.number({ error: 'SMTP_PORT must be a number' }).int().min(1).max(65535, 'SMTP_PORT must be at most 65535')),
  SMTP_SECURE: optional(z.enum(['true', 'false'], { error: 'SMTP_SECURE must be true or false' })),
  SMTP_USER: optional(z.string()),
  SMTP_PASS: optional(z.string()),
  MAIL_FROM: optional(z.string().min(3)),
  LAW_DISCOUNT_PERCENT: optional(z.coerce.number({ error: 'LAW_DISCOUNT_PERCENT must be a number' }).min(0, 'LAW_DISCOUNT_PERCENT must be at least 0').max(100, 'LAW_DISCOUNT_PERCENT must be at most 100')),
  MAX_SEATS_PER_ACCOUNT: optional(z.coerce.number({ error: 'MAX_SEATS_PER_ACCOUNT must be a number' }).int('MAX_SEATS_PER_ACCOUNT must be an integer').min(1, 'MAX_SEATS_PER_ACCOUNT must be at least 1').max(100_000, 'MAX_SEATS_PER_ACCOUNT must be at most 100000')),
  BOOK_BATCH_MAX: optional(z.coerce.number({ error: 'BOOK_BATCH_MAX must be a number' }).int('BOOK_BATCH_MAX must be an integer').min(1, 'BOOK_BATCH_MAX must be at least 1').max(500, 'BOOK_BATCH_MAX must be at most 500')),
  BOOK_BATCHES_IN_FLIGHT: optional(z.coerce.number({ error: 'BOOK_BATCHES_IN_FLIGHT must be a number' }).int('BOOK_BATCHES_IN_FLIGHT must be an integer').min(1, 'BOOK_BATCHES_IN_FLIGHT must be at least 1').max(50, 'BOOK_BATCHES_IN_FLIGHT must be at most 50')),
  MAX_SEATS_PER_ORDER: optional(z.coerce.number({ error: 'MAX_SEATS_PER_ORDER must be a number' }).int('MAX_SEATS_PER_ORDER must be an integer').min(1).max(1000, 'MAX_SEATS_PER_ORDER must be at most 1000')),
  HOLD_MINUTES: optional(z.coerce.number({ error: 'HOLD_MINUTES must be a number' }).int('HOLD_MINUTES must be an integer').min(1).max(1440, 'HOLD_MINUTES must be at most 1440')),
  HOLD_SWEEP_SECONDS: optional(z.coerce.number({ error: 'HOLD_SWEEP_SECONDS must be a number' }).int('HOLD_SWEEP_SECONDS must be an integer').min(0).max(86400)),
  TICKET_SIGNING_KEY: optional(z.string()),
  WAITING_ROOM_SHOPPERS: optional(z.coerce.number({ error: 'WAITING_ROOM_SHOPPERS must be a number' }).int('WAITING_ROOM_SHOPPERS must be an integer').min(1, 'WAITING_ROOM_SHOPPERS must be at least 1').max(MAX_WAITING_ROOM_SHOPPERS, `WAITING_ROOM_SHOPPERS must be at most ${MAX_WAITING_ROOM_SHOPPERS}`)),
});

/** A secret from the environment; unset, the development value (a problem in production); a weak one is a problem in production. */
function secretOf(name: string, value: string | undefined, devValue: string, what: string, production: boolean, problems: string[], warnings: string[]): string {
  if (value === undefined) {
    if (production) problems.push(`${name} is required in production (at least 32 random characters)`);
    else warnings.push(`${name} is not set: using the insecure development ${what} (never use it in production)`);
    return devValue;
  }
  if (production && (value === devValue || value.length < 32)) problems.push(`${name} must be a real secret of at least 32 characters in production`);
  return value;
}

/**
 * Reads the configuration once from the environment. Throws a ConfigError listing every
 * problem at once; production refuses to start on development secrets.
 */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): LoadedConfig {
  const problems: string[] = [];
  const warnings: string[] = [];
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) problems.push(issue.path.length ? `${issue.path.join('.')}: ${issue.message}` : issue.message);
    throw new ConfigError(problems);
  }
  const e = parsed.data;
  const nodeEnv = e.NODE_ENV ?? 'development';
  const production = nodeEnv === 'production';

  if (!e.DATABASE_URL) problems.push('DATABASE_URL is required (postgres://user:password@host:port/database)');

  let corsOrigins = DEFAULT_CORS_ORIGINS;
  if (e.CORS_ORIGINS !== undefined) {
    corsOrigins = e.CORS_ORIGINS.split(',').map((o) => o.trim()).filter(Boolean);
    const bad = corsOrigins.filter((o) => !isOrigin(o));
    if (bad.length) problems.push(`CORS_ORIGINS has entries that are not origins (scheme://host[:port], no path): ${bad.join(', ')}`);
    if (corsOrigins.length === 0) problems.push('CORS_ORIGINS is empty');
  } else if (production) {
    warnings.push('CORS_ORIGINS is not set: allowing only the local development origins');
  }

  let jwtSecret = e.JWT_SECRET;
  if (jwtSecret === undefined) {
    if (production) problems.push('JWT_SECRET is required in production (at least 32 random characters)');
    else warnings.push('JWT_SECRET is not set: using the insecure development secret (never use it in production)');
    jwtSecret = DEV_JWT_SECRET;
  } else if (production && (jwtSecret === DEV_JWT_SECRET || jwtSecret.length < 32)) {
    problems.push('JWT_SECRET must be a real secret of at least 32 characters in production');
  } else if (jwtSecret.length < 32) {
    warnings.push('JWT_SECRET is shorter than 32 characters');
  }

  const resetCodePepper = secretOf('RESET_CODE_PEPPER', e.RESET_CODE_PEPPER, DEV_RESET_CODE_PEPPER, 'pepper', production, problems, warnings);
  const deviceCookieSecret = secretOf('DEVICE_COOKIE_SECRET', e.DEVICE_COOKIE_SECRET, DEV_DEVICE_COOKIE_SECRET, 'secret', production, problems, warnings);
  const loginDelayMax = e.LOGIN_DELAY_MAX !== undefined ? parseDuration(e.LOGIN_DELAY_MAX) : 5 * 60;
  if (loginDelayMax < 1) problems.push('LOGIN_DELAY_MAX must be at least 1 second');

  let smtp: SmtpConfig | null = null;
  if (e.SMTP_URL !== undefined) smtp = { url: e.SMTP_URL };
  else if (e.SMTP_HOST !== undefined) {
    smtp = { host: e.SMTP_HOST, port: e.SMTP_PORT ?? 587, secure: e.SMTP_SECURE === 'true' };
    if (e.SMTP_USER !== undefined) smtp.user = e.SMTP_USER;
    if (e.SMTP_PASS !== undefined) smtp.pass = e.SMTP_PASS;
  } else if (e.SMTP_USER !== undefined || e.SMTP_PASS !== undefined || e.SMTP_PORT !== undefined) {
    problems.push('SMTP_USER/SMTP_PASS/SMTP_PORT are set but SMTP_HOST is not');
  } else {
    warnings.push('SMTP is not configured (SMTP_URL or SMTP_HOST): mail is written to the log and kept in the mail_outbox table');
  }

  const publicOrigin = e.PUBLIC_ORIGIN ?? null;
  const sessionTtlSeconds = e.SESSION_TTL !== undefined ? parseDuration(e.SESSION_TTL) : 12 * 3600;
  if (sessionTtlSeconds < 60) problems.push('SESSION_TTL must be at least 60 seconds');

  const ticketSigningKey = e.TICKET_SIGNING_KEY ?? null;
  if (ticketSigningKey === null) {
    if (production) problems.push('TICKET_SIGNING_KEY is required in production (an Ed25519 private key: PKCS8 PEM or base64 DER)');
    else warnings.push('TICKET_SIGNING_KEY is not set: tickets are signed with the development key in .data/keys/ticket-ed25519.pem (created on first use)');
  } else {
    try {
      parseSigningKey(ticketSigningKey);
    } catch (err) {
      problems.push(`TICKET_SIGNING_KEY is not a usable Ed25519 private key (PKCS8 PEM or base64 DER): ${(err as Error).message}`);
    }
  }

  const trustProxy = parseTrustProxy(e.TRUST_PROXY);
  if (!e.PROXY_SECRET && trustsLoopback(trustProxy)) {
    warnings.push('TRUST_PROXY trusts loopback but PROXY_SECRET is not set: X-Forwarded-* from this machine are ignored (set PROXY_SECRET and have the proxy send it)');
  }

  if (problems.length) throw new ConfigError(problems);
  return {
    config: {
      env: nodeEnv,
      port: e.API_PORT ?? 8000,
      host: e.API_HOST ?? '127.0.0.1',
      databaseUrl: e.DATABASE_URL as string,
      databasePoolMax: e.DATABASE_POOL_MAX ?? 10,
      apiProcesses: e.API_PROCESSES ?? 1,
      databaseTimeouts: {
        acquireMs: e.DATABASE_ACQUIRE_TIMEOUT_MS ?? DB_DEFAULTS.acquireTimeoutMillis,
        statementMs: e.DATABASE_STATEMENT_TIMEOUT_MS ?? DB_DEFAULTS.statementTimeoutMillis,
        lockMs: e.DATABASE_LOCK_TIMEOUT_MS ?? DB_DEFAULTS.lockTimeoutMillis,
      },
      corsOrigins,
      jwtSecret,
      logLevel: e.LOG_LEVEL ?? (nodeEnv === 'test' ? 'silent' : 'info'),
      jsonLimit: e.JSON_BODY_LIMIT ?? '100kb',
      publicOrigin,
      cookieSecure: production || (publicOrigin?.startsWith('https:') ?? false),
      sessionTtlSeconds,
      trustProxy,
      proxySecret: e.PROXY_SECRET ?? null,
      rateLimits: {
        loginPerAccount: e.RATE_LIMIT_LOGIN_ACCOUNT ?? DEFAULT_RATE_LIMITS.loginPerAccount,
        loginPerIp: e.RATE_LIMIT_LOGIN_IP ?? DEFAULT_RATE_LIMITS.loginPerIp,
        loginPerAccountIp: e.RATE_LIMIT_LOGIN_ACCOUNT_IP ?? DEFAULT_RATE_LIMITS.loginPerAccountIp,
        loginPerDevice: e.RATE_LIMIT_LOGIN_DEVICE ?? DEFAULT_RATE_LIMITS.loginPerDevice,
        resetRequestPerAccount: e.RATE_LIMIT_RESET_ACCOUNT ?? DEFAULT_RATE_LIMITS.resetRequestPerAccount,
        resetRequestPerIp: e.RATE_LIMIT_RESET_IP ?? DEFAULT_RATE_LIMITS.resetRequestPerIp,
        resetVerifyPerIp: e.RATE_LIMIT_VERIFY_IP ?? DEFAULT_RATE_LIMITS.resetVerifyPerIp,
        feedbackPerIp: e.RATE_LIMIT_FEEDBACK_IP ?? DEFAULT_RATE_LIMITS.feedbackPerIp,
        inquiryPerIp: e.RATE_LIMIT_INQUIRY_IP ?? DEFAULT_RATE_LIMITS.inquiryPerIp,
        ticketVerifyPerIp: e.RATE_LIMIT_TICKET_VERIFY_IP ?? DEFAULT_RATE_LIMITS.ticketVerifyPerIp,
        registerPerIp: e.RATE_LIMIT_REGISTER_IP ?? DEFAULT_RATE_LIMITS.registerPerIp,
      },
      loginDelay: { firstSeconds: 1, maxSeconds: loginDelayMax },
      deviceCookie: { secret: deviceCookieSecret, ttlSeconds: 180 * 86_400 },
      resetCodePepper,
      google: {
        clientId: e.GOOGLE_CLIENT_ID?.trim() || null,
        jwksUrl: e.GOOGLE_JWKS_URL ?? DEFAULT_GOOGLE_JWKS_URL,
        jwksRefetchCooldownMs: 30_000,
      },
      mail: {
        from: e.MAIL_FROM ?? 'Sports Complex Tickets <no-reply@sports-complex.local>',
        smtp,
      },
      booking: {
        maxSeatsPerOrder: e.MAX_SEATS_PER_ORDER ?? 10,
        maxSeatsPerAccount: e.MAX_SEATS_PER_ACCOUNT ?? 10,
        batchMax: e.BOOK_BATCH_MAX ?? 64,
        batchesInFlight: e.BOOK_BATCHES_IN_FLIGHT ?? 1,
        holdMinutes: e.HOLD_MINUTES ?? 10,
        lawDiscountPercent: e.LAW_DISCOUNT_PERCENT ?? 20,
        holdSweepSeconds: e.HOLD_SWEEP_SECONDS ?? 60,
        ticketSigningKey,
        waitingRoomShoppers: e.WAITING_ROOM_SHOPPERS ?? DEFAULT_WAITING_ROOM_SHOPPERS,
      },
    },
    warnings,
  };
}
