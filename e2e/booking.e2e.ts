import { DEMO, DEMO_PASSWORD } from './support/accounts';
import { apiUrl, baseUrl } from './support/browser';
import { describeBooking } from './support/booking';

jest.setTimeout(120_000);

describeBooking({
  name: 'booking in Chromium',
  baseUrl,
  apiUrl,
  seats: { pair: [3, 4], next: 5, single: 10, race: 40 },
  buyer: async () => ({ email: DEMO.visitor, password: DEMO_PASSWORD }),
});
