// User rows changed as part of an operation another module owns, in its transaction: sign-up
// creates the admin, a password reset sets the hash (auth), an organization's approval carries
// over to its pending users (organizations).
export { insertUser, setApprovalForOrganization, updateUser, type NewUser, type UserPatch } from './users.repo';
