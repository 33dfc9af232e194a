// Generated demand for the reorder benchmark (bench/reorder.mjs): products, their daily use and
// their suppliers' lead times, all from one seed so every policy replays the same days.

/** mulberry32 (Tommy Ettinger): a small, fast, well-mixed 32-bit PRNG; the same seed gives the same run. */
export function mulberry32(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export function logUniform(rng, low, high) {
  return Math.exp(Math.log(low) + rng() * (Math.log(high) - Math.log(low)));
}

export function gaussian(rng) {
  return Math.sqrt(-2 * Math.log(1 - rng())) * Math.cos(2 * Math.PI * rng());
}

/** Marsaglia–Tsang gamma (shape ≥ 1), mean 1: a day's busyness, so use is over-dispersed like a clinic's. */
export function busyness(rng, shape) {
  const d = shape - 1 / 3;
  const c = 1 / Math.sqrt(9 * d);
  for (;;) {
    const x = gaussian(rng);
    const v = (1 + c * x) ** 3;
    if (v > 0 && Math.log(1 - rng()) < 0.5 * x * x + d - d * v + d * Math.log(v)) return (d * v) / shape;
  }
}

export function poisson(rng, lambda) {
  if (lambda > 30) return Math.max(0, Math.round(lambda + Math.sqrt(lambda) * gaussian(rng)));
  const limit = Math.exp(-lambda);
  let k = 0;
  let p = rng();
  while (p > limit) {
    k++;
    p *= rng();
  }
  return k;
}

// Monday first; the clinic is closed on Sundays and works half of Saturday. Mean 1 over the week.
const WEEK = [1.2, 1.25, 1.1, 1.25, 1.2, 0.5, 0].map((x, _, all) => (x * 7) / all.reduce((s, y) => s + y, 0));
const PACKS = [1, 5, 10, 25, 50, 100, 200];

/** The vendor's pack: the largest usual size not above about five days of use. */
export function packFor(dailyMean) {
  return PACKS.filter((p) => p <= Math.max(1, 5 * dailyMean)).pop();
}

/**
 * `count` products, each with `days` days of use: 40% steady, 35% weekly (the clinic's week), 25%
 * intermittent (a use every 1 to 5 weeks, a third of them several units at once: implants,
 * fillers, specialty items). Consumables are cheap, intermittent items dear.
 */
export function generateProducts(rng, count, days, suppliers) {
  const products = [];
  for (let i = 0; i < count; i++) {
    const r = rng();
    const kind = r < 0.4 ? 'steady' : r < 0.75 ? 'weekly' : 'intermittent';
    const demand = new Int32Array(days);
    let trueMean;
    let price;
    let pack;
    if (kind === 'intermittent') {
      const interval = logUniform(rng, 7, 35);
      const several = rng() < 1 / 3;
      for (let d = 0; d < days; d++) if (rng() < 1 / interval) demand[d] = 1 + (several ? poisson(rng, 1.5) : 0);
      trueMean = (1 + (several ? 1.5 : 0)) / interval;
      price = logUniform(rng, 20, 400);
      pack = 1;
    } else {
      const mean = logUniform(rng, 0.8, 40);
      for (let d = 0; d < days; d++) {
        const rhythm = kind === 'weekly' ? WEEK[d % 7] : 1;
        demand[d] = poisson(rng, mean * rhythm * busyness(rng, 4));
      }
      trueMean = mean;
      price = logUniform(rng, 0.1, 30);
      pack = packFor(mean);
    }
    products.push({ id: i, kind, demand, trueMean, price, pack, supplier: Math.floor(rng() * suppliers) });
  }
  return products;
}

/**
 * Each supplier's lead time for an order sent on each day: a usual 2–10 days, jitter of about a
 * day either way that grows with it, and one order in twenty 2–6 days late. Both policies sending
 * to a supplier on the same day wait the same time.
 */
export function generateLeadTimes(rng, suppliers, days) {
  return Array.from({ length: suppliers }, () => {
    const usual = 2 + Math.floor(rng() * 9);
    const byDay = new Int32Array(days);
    for (let d = 0; d < days; d++) {
      const jitter = Math.round(gaussian(rng) * (0.5 + 0.1 * usual));
      const late = rng() < 0.05 ? 2 + Math.floor(rng() * 5) : 0;
      byDay[d] = Math.max(1, usual + jitter + late);
    }
    return { usual, byDay };
  });
}
