import { placeLine } from '../src/place';

test('an address in one line: parts given, in order, a province-level city named once', () => {
  expect(placeLine(['Amoranto Stadium', 'Roces Ave', 'Paligsahan', 'Quezon City', 'Quezon City'])).toBe('Amoranto Stadium, Roces Ave, Paligsahan, Quezon City');
  expect(placeLine(['Quezon City', 'QUEZON CITY'])).toBe('Quezon City');
  expect(placeLine(['City of Pasig', 'Metro Manila'])).toBe('City of Pasig, Metro Manila');
  expect(placeLine([null, ' ', undefined, 'Cebu City', 'Cebu'])).toBe('Cebu City, Cebu');
  expect(placeLine([])).toBe('');
});
