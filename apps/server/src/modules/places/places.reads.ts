// Storage places as other modules look them up: the place a lot is received into (Add Stock,
// receiving a purchase order), and the demo naming its places.
export { findPlace, type PlaceRow } from './places.repo';
