// E-mail leaves through the outbox: other modules enqueue in their own transaction, so a message
// goes out only if the change it tells about was committed (the outbox worker sends it).
export { enqueueEmail, type NewEmail } from './outbox.repo';
