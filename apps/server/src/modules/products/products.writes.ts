// Products created or set up as part of another module's work, in its transaction: a catalog
// import inserts products, the demo seed sets minimum levels.
export { insertProduct, insertProducts, setMinimumStock, type NewProduct } from './products.repo';
