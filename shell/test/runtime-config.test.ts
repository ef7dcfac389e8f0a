import { loadRuntimeConfig, parseRuntimeConfig } from '../src/runtime-config';

const valid = {
  apiUrl: 'http://localhost:8000',
  remotes: { booking: 'http://localhost:3001/remoteEntry.js', admin: 'http://localhost:3002/remoteEntry.js', organizer: '/organizer/remoteEntry.js' },
};

describe('parseRuntimeConfig', () => {
  it('accepts absolute and same-origin URLs', () => {
    expect(parseRuntimeConfig(valid)).toEqual(valid);
  });

  it('names every missing or bad value', () => {
    expect(() => parseRuntimeConfig({ apiUrl: 'javascript:alert(1)', remotes: { booking: 'x' } })).toThrow(
      'runtime-config.json is missing or has bad values: apiUrl, remotes.admin, remotes.organizer',
    );
    expect(() => parseRuntimeConfig(null)).toThrow(/apiUrl, remotes.booking/);
  });
});

describe('loadRuntimeConfig', () => {
  afterEach(() => document.getElementById('runtime-config')?.remove());

  it('reads the config the server wrote into the page, without a request', async () => {
    const fetchSpy = jest.fn();
    Object.defineProperty(globalThis, 'fetch', { value: fetchSpy, configurable: true, writable: true });
    const script = Object.assign(document.createElement('script'), { type: 'application/json', id: 'runtime-config', textContent: JSON.stringify(valid) });
    document.head.append(script);
    await expect(loadRuntimeConfig()).resolves.toEqual(valid);
    expect(fetchSpy).not.toHaveBeenCalled();
  });

  it('refuses a written config with bad values', async () => {
    const script = Object.assign(document.createElement('script'), { type: 'application/json', id: 'runtime-config', textContent: '{"apiUrl":"javascript:x"}' });
    document.head.append(script);
    await expect(loadRuntimeConfig()).rejects.toThrow(/apiUrl/);
  });
});
