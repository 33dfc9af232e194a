// Reordering from use and lead time (issue 35): 12 months of generated daily demand for 500
// products replayed through two policies on the same days.
// - fixed rule (what peers ship): when usable + on order is at or below 14 days of average use,
//   order up to 28 days of it. The average is over the same trailing 12 weeks of recorded use our
//   policy reads (not the true mean, which no clinic knows).
// - ours: every night, per product, forecastDemand -> learnLeadTime (the supplier's simulated
//   receipts) -> reorderLevels (98% service level, 7-day review, no Minimum Stock) -> orderQuantity: the very
//   functions of packages/domain/src/reorder the server runs, loaded through tsx.
// Both start with 21 days of use on the shelf and 12 weeks of recorded use behind them; the first
// 4 weeks (warm-up) are left out of the measures, then 365 days are measured. A use the shelf cannot
// serve is lost (the patient is treated otherwise), and recorded use is what the shelf served.
// Lead times: learned from no receipts (3 days assumed until three are seen).
// REORDER_SEED changes the generated world (default 35); REORDER_PRODUCTS its size (default 500);
// REORDER_SERVICE_LEVEL and REORDER_REVIEW_DAYS the location settings (default 0.98 and 7 days).
import { forecastDemand, learnLeadTime, orderQuantity, reorderLevels } from '../packages/domain/src/reorder/index.ts';
import { generateLeadTimes, generateProducts, mulberry32 } from './lib/reorder-demand.mjs';

const SEED = Number(process.env.REORDER_SEED ?? 35);
const PRODUCTS = Number(process.env.REORDER_PRODUCTS ?? 500);
const SUPPLIERS = 40;
const HISTORY = 84; // recorded use before the replay, and the window both policies read
const WARMUP = 28;
const DAYS = 365;
const START_COVER_DAYS = 21;
const SERVICE_LEVEL = Number(process.env.REORDER_SERVICE_LEVEL ?? 0.98);
const REVIEW_DAYS = Number(process.env.REORDER_REVIEW_DAYS ?? 7);
// The issue's targets.
const TARGET_FILL = 0.99;
const TARGET_VALUE_RATIO = 0.75;

const rng = mulberry32(SEED);
const total = HISTORY + WARMUP + DAYS;
const products = generateProducts(rng, PRODUCTS, total, SUPPLIERS);
const leadTimes = generateLeadTimes(rng, SUPPLIERS, total);

function average(values) {
  let sum = 0;
  for (const v of values) sum += v;
  return values.length === 0 ? 0 : sum / values.length;
}

const fixedRule = {
  name: 'fixed rule (14 / 28 days of average use)',
  order(product, state) {
    const perDay = average(state.used.slice(-HISTORY));
    const position = state.onHand + state.onOrder;
    if (perDay <= 0 || position > 14 * perDay) return 0;
    const wanted = 28 * perDay - position;
    return wanted > 0 ? Math.ceil(wanted / product.pack) * product.pack : 0;
  },
};

const forecastPolicy = {
  name: `forecast (issue 35; ${100 * SERVICE_LEVEL}% service, ${REVIEW_DAYS}-day review)`,
  order(product, state, receipts) {
    const forecast = forecastDemand(state.used.slice(-HISTORY));
    const leadTime = receipts.leadTime(product.supplier);
    const levels = reorderLevels({ forecast, leadTime, serviceLevel: SERVICE_LEVEL, reviewDays: REVIEW_DAYS, minimumStock: 0 });
    return orderQuantity({ onHand: state.onHand, onOrder: state.onOrder, levels, packSize: product.pack, unitPrice: product.price }).units;
  },
};

/** Receipts per supplier (days from sent to received), oldest first; the estimate kept per day. */
function receiptBook() {
  const samples = Array.from({ length: SUPPLIERS }, () => []);
  const cache = new Map();
  return {
    add(supplier, days) {
      samples[supplier].push(days);
      cache.delete(supplier);
    },
    leadTime(supplier) {
      if (!cache.has(supplier)) cache.set(supplier, learnLeadTime(samples[supplier]));
      return cache.get(supplier);
    },
  };
}

function simulate(policy) {
  const receipts = receiptBook();
  const states = products.map((p) => ({
    onHand: Math.ceil(START_COVER_DAYS * p.trueMean),
    onOrder: 0,
    used: Array.from(p.demand.slice(0, HISTORY)),
    arriving: new Map(), // day -> [{ units, sent }]
  }));
  const m = { demanded: 0, served: 0, stockoutDays: 0, valueDays: 0, orders: 0, purchaseOrders: new Set(), byKind: {} };
  for (let day = HISTORY; day < total; day++) {
    const measured = day >= HISTORY + WARMUP;
    let value = 0;
    products.forEach((product, i) => {
      const state = states[i];
      // Morning: deliveries arrive, and the receipt teaches the supplier's lead time.
      for (const delivery of state.arriving.get(day) ?? []) {
        state.onHand += delivery.units;
        state.onOrder -= delivery.units;
        receipts.add(product.supplier, day - delivery.sent);
      }
      state.arriving.delete(day);
      // The day's use, served from the shelf as far as it goes.
      const demand = product.demand[day];
      const served = Math.min(demand, state.onHand);
      state.onHand -= served;
      state.used.push(served);
      if (state.used.length > 2 * HISTORY) state.used.splice(0, state.used.length - HISTORY);
      value += state.onHand * product.price;
      if (measured) {
        const k = (m.byKind[product.kind] ??= { demanded: 0, served: 0, value: 0 });
        m.demanded += demand;
        m.served += served;
        k.demanded += demand;
        k.served += served;
        k.value += state.onHand * product.price;
        if (served < demand) m.stockoutDays++;
      }
      // Night: the review; an order sent tonight arrives after the supplier's lead time.
      const units = policy.order(product, state, receipts);
      if (units > 0) {
        const arrives = day + leadTimes[product.supplier].byDay[day];
        if (!state.arriving.has(arrives)) state.arriving.set(arrives, []);
        state.arriving.get(arrives).push({ units, sent: day });
        state.onOrder += units;
        if (measured) {
          m.orders++;
          m.purchaseOrders.add(`${product.supplier}:${day}`);
        }
      }
    });
    if (measured) m.valueDays += value;
  }
  return {
    name: policy.name,
    fill: m.served / m.demanded,
    stockoutDays: m.stockoutDays,
    averageValue: m.valueDays / DAYS,
    orders: m.orders,
    purchaseOrders: m.purchaseOrders.size,
    byKind: Object.fromEntries(Object.entries(m.byKind).map(([kind, k]) => [kind, { fill: k.served / k.demanded, averageValue: k.value / DAYS }])),
  };
}

const pct = (x) => `${(100 * x).toFixed(1)}%`;
const money = (x) => `$${Math.round(x).toLocaleString('en-US')}`;

const kinds = products.reduce((acc, p) => ({ ...acc, [p.kind]: (acc[p.kind] ?? 0) + 1 }), {});
console.log(`seed ${SEED}: ${PRODUCTS} products (${Object.entries(kinds).map(([k, n]) => `${n} ${k}`).join(', ')}), ${SUPPLIERS} suppliers (usual lead time 2–10 days), ${DAYS} days measured after ${WARMUP} days of warm-up`);
const started = performance.now();
const fixed = simulate(fixedRule);
const fixedMs = performance.now() - started;
const ours = simulate(forecastPolicy);
const oursMs = performance.now() - started - fixedMs;

console.log('');
console.log('| policy | fill rate | stockout days (product-days) | average stock value | orders placed (lines) | purchase orders (supplier-days) | steady / weekly / intermittent fill | their stock value | run time |');
console.log('|---|---|---|---|---|---|---|---|---|');
for (const [r, ms] of [[fixed, fixedMs], [ours, oursMs]]) {
  const k = r.byKind;
  const fills = ['steady', 'weekly', 'intermittent'].map((x) => (k[x] ? pct(k[x].fill) : '-')).join(' / ');
  const values = ['steady', 'weekly', 'intermittent'].map((x) => (k[x] ? money(k[x].averageValue) : '-')).join(' / ');
  console.log(`| ${r.name} | ${pct(r.fill)} | ${r.stockoutDays.toLocaleString('en-US')} | ${money(r.averageValue)} | ${r.orders.toLocaleString('en-US')} | ${r.purchaseOrders.toLocaleString('en-US')} | ${fills} | ${values} | ${(ms / 1000).toFixed(1)} s |`);
}
const ratio = ours.averageValue / fixed.averageValue;
const met = ours.fill >= TARGET_FILL && ratio <= TARGET_VALUE_RATIO;
console.log('');
console.log(`target: fill >= ${pct(TARGET_FILL)} and average stock value <= ${TARGET_VALUE_RATIO} of the fixed rule: ${met ? 'met' : 'not met'}`);
console.log(`reorder: fill ${pct(ours.fill)} vs ${pct(fixed.fill)} (fixed rule), average stock value ${ratio.toFixed(2)} of the fixed rule`);
