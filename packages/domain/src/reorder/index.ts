// Reordering from use and lead time (issue 35): pure code shared by the server and bench/reorder.mjs.
export * from './normal';
export * from './forecast';
export * from './horizon';
export * from './lead-time';
export * from './levels';
export * from './order';
export * from './fill-rate';
export * from './order-cost';
export * from './fill-target';
