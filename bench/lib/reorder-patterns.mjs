// Demand and lead-time patterns for bench/reorder.mjs (issue 51): one small world per pattern and
// seed (a few products sharing a few suppliers), generated on their own, apart from the policy
// under test. Every pattern is a case the issue names; the policy sees only the past of it.
import { busyness, gaussian, logUniform, mulberry32, packFor, poisson } from './reorder-demand.mjs';

/** Monday first; the clinic works half of Saturday and is closed on Sundays. Mean 1 over the week. */
const WEEK = [1.2, 1.25, 1.1, 1.25, 1.2, 0.5, 0].map((x, _, all) => (x * 7) / all.reduce((s, y) => s + y, 0));
const WEEKDAYS_ONLY = [1.4, 1.4, 1.4, 1.4, 1.4, 0, 0];

export const PATTERNS = {
  steady: 'steady use (the clinic week)',
  late: 'supplier late 1 in 5 by 1–2 weeks',
  lumpy: 'lumpy (1 day in 20, 1–20 units)',
  slow: 'slow movers (1 use in 2–9 weeks)',
  trend: 'trend (use doubles over the year)',
  step: 'step (use doubles or halves)',
  new: 'new product (2–6 weeks of history)',
  weekday: 'weekday-only use',
};

/**
 * A supplier's lead time for an order sent on each day: a usual 2–10 days with a day's jitter,
 * and either one order in twenty 2–6 days late or (the late pattern) one in five 7–14 days late.
 */
function supplier(rng, days, late) {
  const usual = 2 + Math.floor(rng() * 9);
  const byDay = new Int32Array(days);
  for (let d = 0; d < days; d++) {
    const jitter = Math.round(gaussian(rng) * (0.5 + 0.1 * usual));
    const delay = late ? (rng() < 0.2 ? 7 + Math.floor(rng() * 8) : 0) : rng() < 0.05 ? 2 + Math.floor(rng() * 5) : 0;
    byDay[d] = Math.max(1, usual + jitter + delay);
  }
  return { usual, byDay };
}

/** Daily use at `mean(d)` a day with a clinic's over-dispersion, shaped by `rhythm`. */
function dailyPoisson(rng, days, mean, rhythm) {
  const demand = new Int32Array(days);
  for (let d = 0; d < days; d++) demand[d] = poisson(rng, mean(d) * rhythm[d % 7] * busyness(rng, 4));
  return demand;
}

/**
 * One world: `products` products of `pattern` over `days` days, `history` of them before the
 * replay, spread over `suppliers` suppliers. Each product: its demand by day, the first day it was
 * at the clinic, its price, pack, supplier and true mean at the start of the replay.
 */
export function generateWorld(pattern, seed, { products = 6, suppliers = 2, days, history }) {
  const rng = mulberry32(seed * 7919 + Object.keys(PATTERNS).indexOf(pattern) * 104729);
  const sups = Array.from({ length: suppliers }, () => supplier(rng, days, pattern === 'late'));
  const list = [];
  for (let i = 0; i < products; i++) {
    let demand;
    let mean;
    let price;
    let pack;
    let firstDay = 0;
    if (pattern === 'lumpy' || pattern === 'slow') {
      demand = new Int32Array(days);
      const lumpy = pattern === 'lumpy';
      const every = lumpy ? 20 : logUniform(rng, 14, 63);
      for (let d = 0; d < days; d++) if (rng() < 1 / every) demand[d] = lumpy ? 1 + Math.floor(rng() * 20) : 1 + (rng() < 0.2 ? 1 : 0);
      mean = (lumpy ? 10.5 : 1.2) / every;
      price = lumpy ? logUniform(rng, 2, 60) : logUniform(rng, 20, 400);
      pack = 1;
    } else {
      const base = logUniform(rng, 0.8, 30);
      const up = rng() < 0.5;
      const stepDay = history + 60 + Math.floor(rng() * 240);
      const at = {
        trend: (d) => base * (1 + d / days),
        step: (d) => (d < stepDay ? base : up ? 2 * base : base / 2),
      }[pattern] ?? (() => base);
      demand = dailyPoisson(rng, days, at, pattern === 'weekday' ? WEEKDAYS_ONLY : WEEK);
      if (pattern === 'new') {
        firstDay = history - 14 - Math.floor(rng() * 29);
        demand.fill(0, 0, firstDay);
      }
      mean = at(history);
      price = logUniform(rng, 0.2, 30);
      pack = packFor(mean);
    }
    list.push({ id: i, demand, firstDay, price, pack, mean, supplier: i % suppliers });
  }
  return { products: list, suppliers: sups };
}
