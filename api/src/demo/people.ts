import type { AccountStatus, RoleName } from '@sports/contracts';
import type { Queryable } from '../db';
import { DEMO_USERS } from './users';

/**
 * The rest of the demo's 250 accounts (PRODUCT §1: Accounts shows "Page 1 of 25" and
 * "Total Accounts: 250"): visitors who buy tickets and write reviews, organizer accounts and one
 * more admin. Generated from a fixed seed, so every install gets the same people. They have no
 * password (nobody can sign in as them); dates are days before the day the seed runs.
 */
export interface DemoPerson {
  email: string;
  firstName: string;
  lastName: string;
  middleInitial: string | null;
  gender: 'Male' | 'Female';
  role: RoleName;
  status: AccountStatus;
  createdDaysAgo: number;
  /** null: never signed in. */
  lastLoginDaysAgo: number | null;
}

export const DEMO_ACCOUNT_TOTAL = 250;

const FEMALE = ['Maria', 'Ana', 'Liza', 'Grace', 'Joy', 'Kristine', 'Angelica', 'Camille', 'Patricia', 'Rowena', 'Shiela', 'Marites', 'Jasmine', 'Bea', 'Hazel', 'Carmela', 'Divina', 'Erlinda', 'Luzviminda', 'Trisha'];
const MALE = ['Jose', 'Juan', 'Mark', 'Paolo', 'Ramon', 'Carlo', 'Miguel', 'Rodel', 'Jerome', 'Arnel', 'Dennis', 'Ronaldo', 'Christian', 'Joshua', 'Noel', 'Renato', 'Efren', 'Bong', 'Rafael', 'Emmanuel'];
const SURNAMES = ['Santos', 'Reyes', 'Cruz', 'Bautista', 'Ocampo', 'Garcia', 'Mendoza', 'Torres', 'Tomas', 'Andrada', 'Castillo', 'Flores', 'Villanueva', 'Ramos', 'Castro', 'Rivera', 'Aquino', 'Navarro', 'Salazar', 'Mercado', 'Domingo', 'Gonzales', 'Lopez', 'Dizon', 'Manalo', 'Pascual', 'Soriano', 'Valdez', 'Aguilar', 'Lim'];
const INITIALS = 'ABCDEFGHIJLMNPRSTV';

/** A small deterministic generator (mulberry32): the same people on every install. */
export function generator(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

function pick<T>(items: readonly T[], random: () => number): T {
  return items[Math.floor(random() * items.length)] as T;
}

function generate(): DemoPerson[] {
  const random = generator(2025);
  const people: DemoPerson[] = [];
  const count = DEMO_ACCOUNT_TOTAL - DEMO_USERS.length;
  for (let i = 1; i <= count; i += 1) {
    const gender = random() < 0.5 ? 'Female' : 'Male';
    const firstName = pick(gender === 'Female' ? FEMALE : MALE, random);
    const lastName = pick(SURNAMES, random);
    const middleInitial = random() < 0.8 ? pick([...INITIALS], random) : null;
    // Every 11th account is an organizer, the 100th an admin, the rest visitors.
    const role: RoleName = i === 100 ? 'Admin' : i % 11 === 0 ? 'Organizer' : 'Participant';
    const status: AccountStatus = role === 'Admin' ? 'Active' : i % 29 === 0 ? 'Restricted' : i % 17 === 0 ? 'Inactive' : 'Active';
    const createdDaysAgo = 30 + Math.floor(random() * 700);
    const signedIn = random();
    const lastLoginDaysAgo = signedIn < 0.1 ? null : signedIn < 0.5 ? Math.floor(random() * 30) : 30 + Math.floor(random() * (createdDaysAgo - 30));
    const email = `${firstName}.${lastName}.${String(i).padStart(3, '0')}@demo.local`.toLowerCase();
    people.push({ email, firstName, lastName, middleInitial, gender, role, status, createdDaysAgo, lastLoginDaysAgo });
  }
  return people;
}

export const DEMO_PEOPLE: readonly DemoPerson[] = generate();

/**
 * Inserts the demo people that are missing (by email): one statement, no password hashing.
 * When all are there it writes nothing (an INSERT that conflicts would still use up ids).
 */
export async function seedDemoPeople(tx: Queryable, now: Date): Promise<void> {
  const p = DEMO_PEOPLE;
  const { rows } = await tx.query<{ n: number }>('SELECT count(*)::int AS n FROM users WHERE lower(email) = ANY ($1::text[])', [p.map((x) => x.email)]);
  if (rows[0]?.n === p.length) return;
  await tx.query(
    `INSERT INTO users (email, first_name, last_name, middle_initial, gender, role_id, status, created_at, last_login_at)
     SELECT x.email, x.first_name, x.last_name, x.middle_initial, x.gender, r.id, x.status,
            $10::timestamptz - make_interval(days => x.created_days_ago),
            $10::timestamptz - make_interval(days => x.last_login_days_ago)
     FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[], $6::text[], $7::text[], $8::int[], $9::int[])
          WITH ORDINALITY AS x(email, first_name, last_name, middle_initial, gender, role, status, created_days_ago, last_login_days_ago, n)
     JOIN roles r ON r.name = x.role
     ORDER BY x.n
     ON CONFLICT ((lower(email))) DO NOTHING`,
    [
      p.map((x) => x.email),
      p.map((x) => x.firstName),
      p.map((x) => x.lastName),
      p.map((x) => x.middleInitial),
      p.map((x) => x.gender),
      p.map((x) => x.role),
      p.map((x) => x.status),
      p.map((x) => x.createdDaysAgo),
      p.map((x) => x.lastLoginDaysAgo),
      now,
    ],
  );
}
