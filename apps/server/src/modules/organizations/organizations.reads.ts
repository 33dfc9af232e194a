// Sign-up refuses a name another clinic already has.
export { isOrganizationNameTaken } from './organizations.repo';
