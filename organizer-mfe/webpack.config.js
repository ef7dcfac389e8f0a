// The organizer remote: exposes its routes only; the shell mounts them under /organizer/*.
const { createAppConfig } = require('../webpack.shared');

module.exports = createAppConfig({
  appDir: __dirname,
  name: 'organizer',
  port: Number(process.env.ORGANIZER_PORT || 3003),
  title: 'Organizer',
  exposes: { './routes': './src/routes.tsx' },
});
