/**
 * The seed is no signed-in request: it runs as the system at first start. Where a service wants
 * an Actor, the seed acts for the demo account the record is meant to come from (the product
 * admin for shared suppliers, Downtown's staff for its lists and orders).
 */
export { actingAs } from '../modules/users/acting-as';
