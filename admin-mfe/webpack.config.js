// The admin remote: exposes its routes only; the shell mounts them under /admin/*.
const { createAppConfig } = require('../webpack.shared');

module.exports = createAppConfig({
  appDir: __dirname,
  name: 'admin',
  port: Number(process.env.ADMIN_PORT || 3002),
  title: 'Admin',
  exposes: { './routes': './src/routes.tsx' },
});
