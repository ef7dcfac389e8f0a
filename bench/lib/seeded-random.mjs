// The benches' seeded generator (see seeded-random.cjs, its one definition).
export { seededRandom } from './seeded-random.cjs';
