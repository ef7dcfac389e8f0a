import { ConfigError, DEV_JWT_SECRET, loadConfig } from '../src/config';

const DB = 'postgres://u:p@127.0.0.1:5432/db';
const SECRET = 'a'.repeat(20) + 'b'.repeat(20);

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
    expect(config).toMatchObject({ env: 'development', port: 8000, host: '127.0.0.1', databaseUrl: DB, jwtSecret: DEV_JWT_SECRET });
    for (const port of [3000, 3001, 3002, 3003]) {
      expect(config.corsOrigins).toContain(`http://localhost:${port}`);
      expect(config.corsOrigins).toContain(`http://127.0.0.1:${port}`);
    }
    expect(warnings.join('\n')).toMatch(/JWT_SECRET/);
  });

  it('reads the environment', () => {
    const { config, warnings } = loadConfig({
      DATABASE_URL: DB,
      API_PORT: '9001',
      API_HOST: '0.0.0.0',
      CORS_ORIGINS: 'https://tickets.example.ph, https://admin.example.ph',
      JWT_SECRET: SECRET,
    });
    expect(config).toMatchObject({ port: 9001, host: '0.0.0.0', corsOrigins: ['https://tickets.example.ph', 'https://admin.example.ph'], jwtSecret: SECRET });
    expect(warnings).toEqual([]);
  });

  it('fails fast listing every problem', () => {
    const list = problems({ API_PORT: 'eighty', LOG_LEVEL: 'loud' });
    expect(list.join('\n')).toMatch(/API_PORT/);
    expect(list.join('\n')).toMatch(/LOG_LEVEL/);
    expect(problems({})).toEqual([expect.stringMatching(/DATABASE_URL is required/)]);
    expect(problems({ DATABASE_URL: 'mysql://x' }).join()).toMatch(/DATABASE_URL/);
    expect(problems({ DATABASE_URL: DB, CORS_ORIGINS: 'http://ok.example, not-an-origin, http://x.example/path' })).toEqual([
      expect.stringMatching(/not-an-origin, http:\/\/x\.example\/path$/),
    ]);
  });

  it('refuses development secrets in production', () => {
    expect(problems({ NODE_ENV: 'production', DATABASE_URL: DB }).join()).toMatch(/JWT_SECRET is required/);
    expect(problems({ NODE_ENV: 'production', DATABASE_URL: DB, JWT_SECRET: DEV_JWT_SECRET }).join()).toMatch(/JWT_SECRET must be a real secret/);
    expect(problems({ NODE_ENV: 'production', DATABASE_URL: DB, JWT_SECRET: 'short' }).join()).toMatch(/JWT_SECRET must be a real secret/);
    const { config } = loadConfig({ NODE_ENV: 'production', DATABASE_URL: DB, JWT_SECRET: SECRET, CORS_ORIGINS: 'https://tickets.example.ph' });
    expect(config.env).toBe('production');
  });
});
