export * from './http';
export * from './events';
export * from './auth';
export * from './locations';
export * from './booking';
