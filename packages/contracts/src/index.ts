export * from './admin-accounts';
export * from './auth';
export * from './booking';
export * from './common';
export * from './events';
export * from './organizer-events';
export * from './session';
