import type { ConfirmProceduresRequest, CreateTreatmentLogRequest, WaitingVisit } from '@clinic/domain';
import type { TrayLine, TreatmentChoice } from '../tray';

/** The chair's form as it was saved, to load a visit the server refused back into it. */
export interface ChairForm {
  chartNumber: string;
  chosen: TreatmentChoice[];
  lines: TrayLine[];
  caseNote: string;
  /** The practice system's visit the form was checking, if any. */
  fromPms: WaitingVisit | null;
}

/** waiting: to be sent at the next chance; sending: on its way; needs-attention: the server refused it, a person decides. */
export type OutboxState = 'waiting' | 'sending' | 'needs-attention';

interface EntryBase {
  /** The request's idempotency key: the server records it once however often it is sent. */
  key: string;
  /** The user who made it: only they see it, and it is sent only with their session. */
  userId: string;
  /** Whom and what it is for, as the clinician knows it (chart number and treatments). */
  label: string;
  /** Milliseconds since the epoch: entries are sent oldest first. */
  createdAt: number;
  state: OutboxState;
  /** The server's message, word for word, when it needs attention. */
  error: string | null;
  /** The form to load back for Edit (null for a tray confirmed as designed). */
  form: ChairForm | null;
}

/** A visit saved with the chair's form, with the recordings made during it. */
export interface VisitEntry extends EntryBase {
  kind: 'visit';
  body: CreateTreatmentLogRequest;
  clips: Blob[];
}

/** Procedures from the practice system confirmed at the chair (their tray as designed, or as edited). */
export interface PmsConfirmEntry extends EntryBase {
  kind: 'pms-confirm';
  body: ConfirmProceduresRequest;
  /** The waiting visit tapped, for Edit to load it into the form again. */
  waiting: WaitingVisit;
}

export type OutboxEntry = VisitEntry | PmsConfirmEntry;

/** An entry as the page hands it over: the outbox sets when it was made and its state. */
export type NewOutboxEntry = Omit<VisitEntry, 'createdAt' | 'state' | 'error'> | Omit<PmsConfirmEntry, 'createdAt' | 'state' | 'error'>;
