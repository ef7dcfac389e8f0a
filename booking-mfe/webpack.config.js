// The booking remote: exposes './pages' (BookingPages, typed in @sports/contracts as BookingRemoteProps).
const { createAppConfig } = require('../webpack.shared');

module.exports = createAppConfig({
  appDir: __dirname,
  name: 'booking',
  port: Number(process.env.BOOKING_PORT || 3001),
  title: 'Booking',
  exposes: { './pages': './src/pages.tsx' },
});
