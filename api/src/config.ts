import { z } from 'zod';

/** Used only outside production, and announced as a warning at start. */
export const DEV_JWT_SECRET = 'dev-only-insecure-jwt-secret-change-me-0123456789';

const DEFAULT_CORS_ORIGINS = [3000, 3001, 3002, 3003].flatMap((port) => [`http://localhost:${port}`, `http://127.0.0.1:${port}`]);

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

export interface Config {
  env: 'development' | 'test' | 'production';
  port: number;
  host: string;
  databaseUrl: string;
  corsOrigins: string[];
  jwtSecret: string;
  logLevel: (typeof LOG_LEVELS)[number];
  /** Largest accepted JSON body (express.json `limit`). */
  jsonLimit: string;
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
  API_PORT: optional(z.coerce.number({ error: 'API_PORT must be a number' }).int('API_PORT must be an integer').min(0).max(65535, 'API_PORT must be at most 65535')),
  API_HOST: optional(z.string().min(1)),
  CORS_ORIGINS: optional(z.string()),
  JWT_SECRET: optional(z.string()),
  LOG_LEVEL: optional(z.enum(LOG_LEVELS, { error: `LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')}` })),
  JSON_BODY_LIMIT: optional(z.string().regex(/^\d+(b|kb|mb)$/i, 'JSON_BODY_LIMIT looks like 100kb')),
});

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

  if (problems.length) throw new ConfigError(problems);
  return {
    config: {
      env: nodeEnv,
      port: e.API_PORT ?? 8000,
      host: e.API_HOST ?? '127.0.0.1',
      databaseUrl: e.DATABASE_URL as string,
      corsOrigins,
      jwtSecret,
      logLevel: e.LOG_LEVEL ?? (nodeEnv === 'test' ? 'silent' : 'info'),
      jsonLimit: e.JSON_BODY_LIMIT ?? '100kb',
    },
    warnings,
  };
}
