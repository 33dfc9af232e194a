// Users as other modules look them up: sign-in and the actor of every request (auth), sign-up's
// duplicate check, and whether anybody still works at a location (companies, through app.ts).
export { countUsersInCompany, findAccountHolders, findUserByEmail, findUserById, preparedFindUserById, type UserRecord } from './users.repo';
