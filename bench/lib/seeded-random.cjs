// Deterministic pseudo-random numbers in [0, 1) from a seed (mulberry32), so a bench run's requests
// are the same on every run. The benches' copy of the generator the API's demo data and tests use
// (api/src/demo/people.ts): the benches are plain modules that run before any build. CommonJS, so
// that the on-sale buyers (onsale-buyers.cjs), which a jest suite loads too, can use it.
function seededRandom(seed) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

module.exports = { seededRandom };
