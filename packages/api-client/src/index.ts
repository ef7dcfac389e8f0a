// The federation singleton: one HTTP client per page. The calls of each area are the subpath
// modules beside this one (@sports/api-client/auth, /events, /locations, /booking, ...).
export * from './http';
