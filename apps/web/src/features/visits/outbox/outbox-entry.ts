import type { ConfirmProceduresRequest, CreateTreatmentLogRequest, TreatmentLog, WaitingVisit } from '@clinic/domain';
import type { NewOutboxEntry, OutboxEntry, OutboxEntryBase } from '../../../lib/outbox/outbox-entry';
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

interface ChairEntryBase extends OutboxEntryBase {
  /** The form to load back for Edit (null for a tray confirmed as designed). */
  form: ChairForm | null;
}

/** A visit saved with the chair's form, with the recordings made during it. */
export interface VisitEntry extends ChairEntryBase {
  kind: 'visit';
  body: CreateTreatmentLogRequest;
  clips: Blob[];
}

/** Procedures from the practice system confirmed at the chair (their tray as designed, or as edited). */
export interface PmsConfirmEntry extends ChairEntryBase {
  kind: 'pms-confirm';
  body: ConfirmProceduresRequest;
  /** The waiting visit tapped, for Edit to load it into the form again. */
  waiting: WaitingVisit;
}

declare module '../../../lib/outbox/outbox-entry' {
  interface OutboxKinds {
    visit: VisitEntry;
    'pms-confirm': PmsConfirmEntry;
  }
}

/** The chair's entries: the ones its page lists and fixes. */
export type ChairEntry = VisitEntry | PmsConfirmEntry;
/** A chair's entry as the page hands it to the outbox. */
export type NewChairEntry = Extract<NewOutboxEntry, { kind: ChairEntry['kind'] }>;
export const CHAIR_KINDS = ['visit', 'pms-confirm'] as const;
export const isChairEntry = (entry: OutboxEntry): entry is ChairEntry => entry.kind === 'visit' || entry.kind === 'pms-confirm';

/** What a sent visit answers: the visit, and why its recordings did not go with it, if they did not. */
export interface VisitSent {
  visit: TreatmentLog | null;
  recordingError: unknown;
}
