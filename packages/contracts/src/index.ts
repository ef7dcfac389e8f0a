export * from './auth';
export * from './booking';
export * from './common';
export * from './events';
export * from './session';
