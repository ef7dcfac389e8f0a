import { configureApi } from '@sports/api-client';
import { getGateSnapshot, syncGateScans } from '@sports/api-client/gate';
import { mockFetch } from './support';

const SNAPSHOT = {
  success: true,
  event: { id: 7, name: 'Finals' },
  window: { opensAt: '2099-06-01T09:00:00.000Z', closesAt: '2099-06-01T15:00:00.000Z' },
  publicKey: '-----BEGIN PUBLIC KEY-----',
  tickets: [],
  legacyOrders: {},
  syncedAt: '2099-06-01T08:00:00.000Z',
};

beforeEach(() => configureApi({ baseUrl: 'http://api.test' }));

describe('the offline gate’s calls', () => {
  it('a gate names itself when it takes its copy (the API records when it first did)', async () => {
    const fetchMock = mockFetch({
      '/api/organizer/events/7/gate?device=North%20gate%20%231': { body: SNAPSHOT },
      '/api/organizer/events/7/gate': { body: SNAPSHOT },
    });
    expect((await getGateSnapshot(7, 'North gate #1')).event.name).toBe('Finals');
    await getGateSnapshot(7);
    expect(fetchMock.mock.calls.map(([url]) => String(url))).toEqual(['http://api.test/api/organizer/events/7/gate?device=North%20gate%20%231', 'http://api.test/api/organizer/events/7/gate']);
  });

  it('reads why the API refused a synced scan', async () => {
    const result = { scanId: 'a1b2c3d4-0000-4000-8000-000000000000', ticketId: 'AAAAAAAAAAAAAAAAAAAAAA', outcome: 'refused', checkedInAt: null, gate: null, reason: 'too_early' };
    mockFetch({ '/api/organizer/events/7/gate/scans': { body: { success: true, results: [result], conflicts: 0, syncedAt: SNAPSHOT.syncedAt } } });
    const answer = await syncGateScans(7, 'North', [{ scanId: result.scanId, ticketId: result.ticketId, at: '2020-01-01T00:00:00Z' }]);
    expect(answer.results[0]).toEqual(result);
  });
});
