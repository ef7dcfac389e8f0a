import { parseRuntimeConfig } from '../src/runtime-config';

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
