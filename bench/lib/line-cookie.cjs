// The one cookie an on-sale buyer keeps beside its session: its place in an event's waiting room,
// `line-<eventId>`, which the API sets (Set-Cookie) on the line's answers and which the buyer must
// send back on later calls. Kept as a browser would: a newer Set-Cookie replaces it, an expired or
// empty one removes it, and it goes only to paths under its Path (RFC 6265 default-path when the
// answer names none). CommonJS, like onsale-buyers.cjs, which uses it.

/**
 * What the Set-Cookie headers of an answer to `requestPath` do to the cookie `name`: undefined
 * when they do not name it, null when they remove it, else `{ pair: 'name=value', path }`.
 */
function cookieFromAnswer(setCookie, name, requestPath) {
  if (!setCookie) return undefined;
  let found;
  for (const header of Array.isArray(setCookie) ? setCookie : [setCookie]) {
    const [pair = '', ...attributes] = header.split(';').map((part) => part.trim());
    const eq = pair.indexOf('=');
    if (eq < 0 || pair.slice(0, eq) !== name) continue;
    const value = pair.slice(eq + 1);
    let path = null;
    let expired = value === '';
    for (const attribute of attributes) {
      const [key = '', ...rest] = attribute.split('=');
      const attrValue = rest.join('=');
      switch (key.toLowerCase()) {
        case 'path':
          if (attrValue.startsWith('/')) path = attrValue;
          break;
        case 'max-age':
          if (Number(attrValue) <= 0) expired = true;
          break;
        case 'expires':
          if (Date.parse(attrValue) <= Date.now()) expired = true;
          break;
        default:
      }
    }
    found = expired ? null : { pair, path: path ?? defaultPath(requestPath) };
  }
  return found;
}

/** RFC 6265 5.1.4: the request path up to (not including) its last slash, or "/". */
function defaultPath(requestPath) {
  const path = requestPath.split('?')[0] ?? '/';
  const slash = path.lastIndexOf('/');
  return slash <= 0 ? '/' : path.slice(0, slash);
}

/** Whether a cookie of Path `cookiePath` goes with a request to `requestPath` (RFC 6265 5.1.4 path-match). */
function pathMatches(cookiePath, requestPath) {
  const path = requestPath.split('?')[0] ?? '/';
  if (path === cookiePath) return true;
  if (!path.startsWith(cookiePath)) return false;
  return cookiePath.endsWith('/') || path[cookiePath.length] === '/';
}

module.exports = { cookieFromAnswer, pathMatches };
