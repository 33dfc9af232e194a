// Treatment designs as other modules read them: the product page's associated treatments
// (through app.ts), a visit's treatments, and an import's existing codes and categories.
export { associatedTreatments, findTreatments, treatmentCategoryIdsByName, treatmentCodes, type TreatmentRow } from './treatments.repo';
