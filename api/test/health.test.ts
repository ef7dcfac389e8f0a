import { closedPort, startTestApp } from './support/helpers';
import type { TestApp } from './support/helpers';

describe('GET /api/health', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp();
  });
  afterAll(async () => {
    await app.stop();
  });

  it('answers 200 with the database up', async () => {
    const res = await app.get('/api/health');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/application\/json/);
    expect(await res.json()).toEqual({ success: true, database: 'up' });
  });

  it('answers 503 with the database down, quickly', async () => {
    const port = await closedPort();
    const down = await startTestApp({ databaseUrl: `postgres://postgres:postgres@127.0.0.1:${port}/nowhere`, prepare: false });
    try {
      const started = Date.now();
      const res = await down.get('/api/health');
      expect(res.status).toBe(503);
      expect(await res.json()).toEqual({ success: false, database: 'down' });
      expect(Date.now() - started).toBeLessThan(4_000);
    } finally {
      await down.stop();
    }
  });
});
