// Sign-up creates the organization, its first location and its admin in one transaction.
export { insertOrganization, type NewOrganization } from './organizations.repo';
