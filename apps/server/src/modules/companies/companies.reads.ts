// Locations as other modules look them up (tenant checks, report scopes, sign-in to a location),
// inside the caller's transaction when it has one.
export { countLocations, findCompanyById, organizationLocations, type CompanyRow } from './companies.repo';
