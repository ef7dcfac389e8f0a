import { generateKeyPairSync } from 'node:crypto';
import { ConfigError, DEFAULT_RATE_LIMITS, DEV_DEVICE_COOKIE_SECRET, DEV_JWT_SECRET, loadConfig } from '../src/config';

const DB = 'postgres://u:p@127.0.0.1:5432/db';
const SECRET = 'a'.repeat(20) + 'b'.repeat(20);
const PEPPER = 'p'.repeat(20) + 'q'.repeat(20);
const DEVICE_SECRET = 'd'.repeat(20) + 'e'.repeat(20);
/** Booking: an Ed25519 ticket signing key (PKCS8 PEM), required in production. */
const TICKET_KEY = generateKeyPairSync('ed25519').privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();

function problems(env: NodeJS.ProcessEnv): string[] {
  try {
    loadConfig(env);
  } catch (err) {
    if (err instanceof ConfigError) return err.problems;
    throw err;
  }
  throw new Error('expected a ConfigError');
}

describe('config', () => {
  it('applies development defaults and warns about the development secret', () => {
    const { config, warnings } = loadConfig({ DATABASE_URL: DB });
    expect(config).toMatchObject({ env: 'development', port: 8000, host: '127.0.0.1', databaseUrl: DB, databasePoolMax: 10, jwtSecret: DEV_JWT_SECRET });
    for (const port of [3000, 3001, 3002, 3003]) {
      expect(config.corsOrigins).toContain(`http://localhost:${port}`);
      expect(config.corsOrigins).toContain(`http://127.0.0.1:${port}`);
    }
    expect(warnings.join('\n')).toMatch(/JWT_SECRET/);
  });

  it('reads the environment', () => {
    const { config, warnings } = loadConfig({
      DATABASE_URL: DB,
      DATABASE_POOL_MAX: '3',
      API_PORT: '9001',
      API_HOST: '0.0.0.0',
      CORS_ORIGINS: 'https://tickets.example.ph, https://admin.example.ph',
      JWT_SECRET: SECRET,
      RESET_CODE_PEPPER: PEPPER,
      DEVICE_COOKIE_SECRET: DEVICE_SECRET,
      SMTP_URL: 'smtp://mailer:secret@127.0.0.1:2525',
      TICKET_SIGNING_KEY: TICKET_KEY,
    });
    expect(config).toMatchObject({ databasePoolMax: 3, port: 9001, host: '0.0.0.0', corsOrigins: ['https://tickets.example.ph', 'https://admin.example.ph'], jwtSecret: SECRET });
    expect(warnings).toEqual([]);
  });

  it('fails fast listing every problem', () => {
    const list = problems({ API_PORT: 'eighty', LOG_LEVEL: 'loud' });
    expect(list.join('\n')).toMatch(/API_PORT/);
    expect(list.join('\n')).toMatch(/LOG_LEVEL/);
    expect(problems({})).toEqual([expect.stringMatching(/DATABASE_URL is required/)]);
    expect(problems({ DATABASE_URL: 'mysql://x' }).join()).toMatch(/DATABASE_URL/);
    for (const bad of ['0', '2.5', 'many', '500']) expect(problems({ DATABASE_URL: DB, DATABASE_POOL_MAX: bad }).join()).toMatch(/DATABASE_POOL_MAX must be/);
    expect(problems({ DATABASE_URL: DB, CORS_ORIGINS: 'http://ok.example, not-an-origin, http://x.example/path' })).toEqual([
      expect.stringMatching(/not-an-origin, http:\/\/x\.example\/path$/),
    ]);
  });

  it('refuses development secrets in production', () => {
    expect(problems({ NODE_ENV: 'production', DATABASE_URL: DB }).join()).toMatch(/JWT_SECRET is required/);
    expect(problems({ NODE_ENV: 'production', DATABASE_URL: DB, JWT_SECRET: DEV_JWT_SECRET }).join()).toMatch(/JWT_SECRET must be a real secret/);
    expect(problems({ NODE_ENV: 'production', DATABASE_URL: DB, JWT_SECRET: 'short' }).join()).toMatch(/JWT_SECRET must be a real secret/);
    expect(problems({ NODE_ENV: 'production', DATABASE_URL: DB, JWT_SECRET: SECRET }).join()).toMatch(/RESET_CODE_PEPPER is required/);
    expect(problems({ NODE_ENV: 'production', DATABASE_URL: DB, JWT_SECRET: SECRET, RESET_CODE_PEPPER: 'short' }).join()).toMatch(/RESET_CODE_PEPPER must be a real secret/);
    expect(problems({ NODE_ENV: 'production', DATABASE_URL: DB, JWT_SECRET: SECRET, RESET_CODE_PEPPER: PEPPER }).join()).toMatch(/DEVICE_COOKIE_SECRET is required/);
    for (const weak of ['short', DEV_DEVICE_COOKIE_SECRET]) {
      expect(problems({ NODE_ENV: 'production', DATABASE_URL: DB, JWT_SECRET: SECRET, RESET_CODE_PEPPER: PEPPER, DEVICE_COOKIE_SECRET: weak }).join()).toMatch(/DEVICE_COOKIE_SECRET must be a real secret/);
    }
    const { config } = loadConfig({ NODE_ENV: 'production', DATABASE_URL: DB, JWT_SECRET: SECRET, RESET_CODE_PEPPER: PEPPER, DEVICE_COOKIE_SECRET: DEVICE_SECRET, TICKET_SIGNING_KEY: TICKET_KEY, CORS_ORIGINS: 'https://tickets.example.ph' });
    expect(config.env).toBe('production');
    // Production sessions ride only on HTTPS.
    expect(config.cookieSecure).toBe(true);
  });

  it('reads the accounts settings, with safe defaults', () => {
    const { config: defaults, warnings } = loadConfig({ DATABASE_URL: DB });
    expect(defaults).toMatchObject({
      sessionTtlSeconds: 12 * 3600,
      trustProxy: false,
      cookieSecure: false,
      publicOrigin: null,
      rateLimits: DEFAULT_RATE_LIMITS,
      google: { clientId: null, jwksUrl: 'https://www.googleapis.com/oauth2/v3/certs' },
      mail: { smtp: null },
    });
    expect(defaults.rateLimits).toEqual({
      loginPerAccount: { max: 10, windowSeconds: 3600 },
      loginPerIp: { max: 50, windowSeconds: 900 },
      loginPerAccountIp: { max: 10, windowSeconds: 900 },
      loginPerDevice: { max: 5, windowSeconds: 900 },
      resetRequestPerAccount: { max: 3, windowSeconds: 3600 },
      resetRequestPerIp: { max: 20, windowSeconds: 3600 },
      resetVerifyPerIp: { max: 10, windowSeconds: 900 },
      feedbackPerIp: { max: 10, windowSeconds: 3600 },
      inquiryPerIp: { max: 5, windowSeconds: 3600 },
      ticketVerifyPerIp: { max: 60, windowSeconds: 900 },
      registerPerIp: { max: 10, windowSeconds: 3600 },
    });
    expect(warnings.join('\n')).toMatch(/RESET_CODE_PEPPER/);
    expect(warnings.join('\n')).toMatch(/DEVICE_COOKIE_SECRET/);
    expect(warnings.join('\n')).toMatch(/SMTP is not configured/);
    expect(defaults.loginDelay).toEqual({ firstSeconds: 1, maxSeconds: 300 });
    expect(defaults.deviceCookie).toEqual({ secret: DEV_DEVICE_COOKIE_SECRET, ttlSeconds: 180 * 86_400 });

    const { config } = loadConfig({
      DATABASE_URL: DB,
      PUBLIC_ORIGIN: 'https://tickets.example.ph',
      SESSION_TTL: '30m',
      TRUST_PROXY: 'loopback, 10.0.0.0/8',
      RATE_LIMIT_LOGIN_ACCOUNT: '5/10m',
      RATE_LIMIT_VERIFY_IP: '3 / 60',
      RATE_LIMIT_LOGIN_ACCOUNT_IP: '4/5m',
      RATE_LIMIT_LOGIN_DEVICE: '2/1h',
      LOGIN_DELAY_MAX: '10m',
      RATE_LIMIT_REGISTER_IP: '4/2h',
      GOOGLE_CLIENT_ID: 'client.apps.googleusercontent.com',
      GOOGLE_JWKS_URL: 'http://127.0.0.1:9999/certs',
      SMTP_HOST: 'smtp.example.ph',
      SMTP_PORT: '465',
      SMTP_SECURE: 'true',
      SMTP_USER: 'mailer',
      SMTP_PASS: 'secret',
      MAIL_FROM: 'Tickets <tickets@example.ph>',
    });
    expect(config).toMatchObject({
      publicOrigin: 'https://tickets.example.ph',
      cookieSecure: true,
      sessionTtlSeconds: 1800,
      trustProxy: 'loopback, 10.0.0.0/8',
      google: { clientId: 'client.apps.googleusercontent.com', jwksUrl: 'http://127.0.0.1:9999/certs' },
      mail: { from: 'Tickets <tickets@example.ph>', smtp: { host: 'smtp.example.ph', port: 465, secure: true, user: 'mailer', pass: 'secret' } },
    });
    expect(config.rateLimits.loginPerAccount).toEqual({ max: 5, windowSeconds: 600 });
    expect(config.rateLimits.resetVerifyPerIp).toEqual({ max: 3, windowSeconds: 60 });
    expect(config.rateLimits.registerPerIp).toEqual({ max: 4, windowSeconds: 7200 });
    expect(config.rateLimits.loginPerIp).toEqual(DEFAULT_RATE_LIMITS.loginPerIp);
    expect(config.rateLimits.loginPerAccountIp).toEqual({ max: 4, windowSeconds: 300 });
    expect(config.rateLimits.loginPerDevice).toEqual({ max: 2, windowSeconds: 3600 });
    expect(config.loginDelay).toEqual({ firstSeconds: 1, maxSeconds: 600 });
    expect(loadConfig({ DATABASE_URL: DB, TRUST_PROXY: '1' }).config.trustProxy).toBe(1);
  });

  it('refuses malformed accounts settings', () => {
    const list = problems({
      DATABASE_URL: DB,
      SESSION_TTL: 'forever',
      RATE_LIMIT_LOGIN_IP: 'ten',
      RATE_LIMIT_RESET_IP: '0/1h',
      PUBLIC_ORIGIN: 'tickets.example.ph',
      GOOGLE_JWKS_URL: 'ftp://example.com/keys',
      SMTP_URL: 'http://mail',
      RATE_LIMIT_LOGIN_DEVICE: 'five',
      LOGIN_DELAY_MAX: 'soon',
    }).join('\n');
    for (const name of ['SESSION_TTL', 'RATE_LIMIT_LOGIN_IP', 'RATE_LIMIT_RESET_IP', 'PUBLIC_ORIGIN', 'GOOGLE_JWKS_URL', 'SMTP_URL', 'RATE_LIMIT_LOGIN_DEVICE', 'LOGIN_DELAY_MAX']) expect(list).toMatch(name);
    expect(problems({ DATABASE_URL: DB, LOGIN_DELAY_MAX: '0' }).join()).toMatch(/LOGIN_DELAY_MAX must be at least 1 second/);
    expect(problems({ DATABASE_URL: DB, SESSION_TTL: '30s' }).join()).toMatch(/SESSION_TTL must be at least 60 seconds/);
    expect(problems({ DATABASE_URL: DB, SMTP_USER: 'x' }).join()).toMatch(/SMTP_HOST is not/);
  });

  it('reads PROXY_SECRET, refuses a short or spaced one without repeating it, and warns when loopback is trusted without it', () => {
    const secret = 'a-proxy-secret-of-forty-characters-000001';
    expect(loadConfig({ DATABASE_URL: DB }).config.proxySecret).toBeNull();
    const withSecret = loadConfig({ DATABASE_URL: DB, TRUST_PROXY: 'loopback', PROXY_SECRET: secret });
    expect(withSecret.config.proxySecret).toBe(secret);
    expect(withSecret.warnings.join('\n')).not.toMatch(/PROXY_SECRET/);
    for (const bad of ['short-secret', `${secret.slice(0, 20)} ${secret.slice(20)}`]) {
      const list = problems({ DATABASE_URL: DB, PROXY_SECRET: bad }).join('\n');
      expect(list).toMatch(/PROXY_SECRET must be at least 32 visible ASCII characters/);
      expect(list).not.toContain(bad);
    }
    for (const trusted of ['loopback', '127.0.0.1', '::1', '10.0.0.5, 127.0.0.0/8', 'true', '1']) {
      expect([trusted, loadConfig({ DATABASE_URL: DB, TRUST_PROXY: trusted }).warnings.join('\n')]).toEqual([trusted, expect.stringMatching(/TRUST_PROXY trusts loopback but PROXY_SECRET is not set/)]);
    }
    for (const named of ['10.0.0.5', '10.0.0.0/8, 192.168.1.2', 'false']) {
      expect([named, loadConfig({ DATABASE_URL: DB, TRUST_PROXY: named }).warnings.join('\n')]).toEqual([named, expect.not.stringMatching(/PROXY_SECRET/)]);
    }
  });
});
