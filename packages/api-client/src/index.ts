export * from './http';
export * from './events';
export * from './auth';
