// The demo seed's categories.
export { insertCategories, type NewCategory } from './categories.repo';
