// Designs created as part of another module's work, in its transaction: a treatment import
// (row, tray) and the demo seed (categories, designs, trays).
export { insertTreatment, newTreatmentOf, replaceTray, type NewTreatment } from './treatments.repo';
export { insertTreatmentCategory } from './treatment-categories.repo';
