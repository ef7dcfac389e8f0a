import '@testing-library/jest-dom';
import { configure } from '@testing-library/react';
import { TextDecoder, TextEncoder } from 'node:util';

// One wait for every component suite, set for a busy machine: a lazy page's first import is compiled
// on the fly and, with other work on both cores, takes longer than Testing Library's 1 s default.
// A test may then run past jest's own 5 s default, so each test gets 30 s.
configure({ asyncUtilTimeout: 5000 });
jest.setTimeout(30_000);

// react-router 7 needs these under jsdom.
Object.assign(globalThis, { TextEncoder, TextDecoder });

// React.lazy resolves outside act() by design; Testing Library's findBy* already waits for it.
const consoleError = console.error.bind(console);
console.error = (...args: unknown[]) => {
  if (typeof args[0] === 'string' && args[0].startsWith('A suspended resource finished loading inside a test')) return;
  consoleError(...args);
};

// jsdom lays nothing out, so it has no scrolling to do.
Element.prototype.scrollIntoView ??= function scrollIntoView() {};
