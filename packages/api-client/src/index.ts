export * from './http';
export * from './events';
