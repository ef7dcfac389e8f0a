// One jest run covers every suite: unit tests of each app, API integration tests
// against a real PostgreSQL, and end-to-end tests in Chromium (see scripts/test.mjs).
const path = require('node:path');

const ts = ['ts-jest', { tsconfig: { jsx: 'react-jsx', module: 'commonjs', moduleResolution: 'node10', esModuleInterop: true, isolatedModules: true, verbatimModuleSyntax: false } }];

function project(displayName, rootDir, testEnvironment, extra = {}) {
  return {
    displayName,
    rootDir: path.join(__dirname, rootDir),
    testEnvironment,
    testMatch: ['<rootDir>/test/**/*.test.ts?(x)'],
    transform: { '^.+\\.tsx?$': ts },
    moduleNameMapper: {
      '\\.css$': path.join(__dirname, 'scripts/jest/style-stub.js'),
      '\\.svg$': path.join(__dirname, 'scripts/jest/file-stub.js'),
      '^@sports/contracts$': path.join(__dirname, 'packages/contracts/src/index.ts'),
      '^@sports/api-client/(.*)$': path.join(__dirname, 'packages/api-client/src/$1.ts'),
      '^@sports/seating$': path.join(__dirname, 'packages/seating/src/index.ts'),
    },
    ...extra,
  };
}

const jsdom = { setupFilesAfterEnv: [path.join(__dirname, 'scripts/jest/jsdom-setup.ts')] };

/** @type {import('jest').Config} */
module.exports = {
  projects: [
    project('shell', 'shell', 'jsdom', jsdom),
    project('booking-mfe', 'booking-mfe', 'jsdom', jsdom),
    project('admin-mfe', 'admin-mfe', 'jsdom', jsdom),
    project('organizer-mfe', 'organizer-mfe', 'jsdom', jsdom),
    project('ui', 'packages/ui', 'jsdom', jsdom),
    // packages/ui has its own jsdom project above.
    project('packages', 'packages', 'node', { testMatch: ['<rootDir>/*/test/**/*.test.ts'], testPathIgnorePatterns: ['/node_modules/', '<rootDir>/ui/'] }),
    project('api', 'api', 'node', { globalSetup: '<rootDir>/test/support/global-setup.ts', setupFilesAfterEnv: ['<rootDir>/test/support/timeouts.ts'] }),
    project('e2e', 'e2e', 'node', { testMatch: ['<rootDir>/**/*.e2e.ts'], slowTestThreshold: 30 }),
  ],
};
