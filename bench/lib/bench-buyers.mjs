// Signed-in buyers for the sale benchmarks: accounts made with SQL (the seeded visitor's password
// hash) and sessions started the way a login does (a sessions row, its signed token in the session
// cookie, with the bench's JWT_SECRET), instead of N password checks: sign-ins are not part of a sale.
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { ROOT } from '../../scripts/lib/install.mjs';

const jwt = createRequire(join(ROOT, 'api', 'package.json'))('jsonwebtoken');

/** The session cookie of a sessions row (auth.service startSession's token). */
export function sessionCookie(row, jwtSecret) {
  return `session=${jwt.sign({ sub: String(row.user_id), sid: row.id, exp: Math.floor(row.expires_at.getTime() / 1000) }, jwtSecret, { algorithm: 'HS256' })}`;
}

/**
 * `count` Participant accounts `<prefix>-<n>@bench.local`, each signed in for a day.
 * `query(sql, params)` resolves with the rows. Resolves with { users (rows with id), cookies } in the same order.
 */
export async function signedInBuyers(query, { count, prefix, jwtSecret }) {
  const users = await query(
    `INSERT INTO users (email, password_hash, first_name, last_name, role_id, status, email_confirmed_at)
     SELECT $2 || '-' || g || '@bench.local', (SELECT password_hash FROM users WHERE email = 'visitor@demo.local'), 'Fan', 'Number ' || g,
            (SELECT id FROM roles WHERE name = 'Participant'), 'Active', now()
     FROM generate_series(1, $1) g ORDER BY g RETURNING id`,
    [count, prefix],
  );
  const sessions = await query(
    `INSERT INTO sessions (user_id, expires_at) SELECT id, now() + interval '1 day' FROM unnest($1::int[]) WITH ORDINALITY u(id, n) ORDER BY n
     RETURNING id, user_id, expires_at`,
    [users.map((u) => u.id)],
  );
  const cookieOf = new Map(sessions.map((r) => [r.user_id, sessionCookie(r, jwtSecret)]));
  return { users, cookies: users.map((u) => cookieOf.get(u.id)) };
}
