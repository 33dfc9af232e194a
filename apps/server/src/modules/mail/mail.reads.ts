// The outbox as the admin lists it (users' Outbox page).
export { listOutbox, type OutboxRow } from './outbox.repo';
