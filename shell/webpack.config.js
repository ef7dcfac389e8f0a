const { createAppConfig } = require('../webpack.shared');

module.exports = createAppConfig({ appDir: __dirname, name: 'shell', port: Number(process.env.SHELL_PORT || 3000), title: 'Sports Complex Tickets' });
