// Categories as other modules look them up: a product's category, the assistant's and an
// import's category by name.
export { categoryIdsByName, findCategoryById, findCategoryByName, type CategoryRow } from './categories.repo';
