/** waiting: to be sent at the next chance; sending: on its way; needs-attention: the server refused it, a person decides. */
export type OutboxState = 'waiting' | 'sending' | 'needs-attention';

/** What every entry of the outbox has, whatever its kind. */
export interface OutboxEntryBase {
  /** The request's idempotency key: the server records it once however often it is sent. */
  key: string;
  /** The user who made it: only they see it, and it is sent only with their session. */
  userId: string;
  /** What it is, as its user knows it (a chart number and treatments, a product and units). */
  label: string;
  /** Milliseconds since the epoch: entries are sent oldest first. */
  createdAt: number;
  state: OutboxState;
  /** The server's message, word for word, when it needs attention. */
  error: string | null;
}

/**
 * The kinds of entries, by name: each feature that queues work adds its own here (TypeScript's
 * declaration merging), so the outbox keeps and sends every kind without importing the features.
 * The visits at the chair, the uses at /inventory and the lines of a count add theirs.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled by the features' declarations
export interface OutboxKinds {}

export type OutboxEntry = OutboxKinds[keyof OutboxKinds];
export type OutboxKind = OutboxEntry['kind'];

type WithoutState<T> = T extends unknown ? Omit<T, 'createdAt' | 'state' | 'error'> : never;
/** An entry as the page hands it over: the outbox sets when it was made and its state. */
export type NewOutboxEntry = WithoutState<OutboxEntry>;
