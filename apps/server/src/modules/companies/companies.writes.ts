// A location created as part of a larger operation another module owns: sign-up (organization,
// location and admin in one transaction) and an organization adding a location.
export { insertCompany, type NewCompany } from './companies.repo';
