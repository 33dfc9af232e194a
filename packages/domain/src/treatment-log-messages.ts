/**
 * The visit texts and timings the web shows, without zod: treatment-logs.ts re-exports them beside
 * its schemas, and the chair's page loads without building any schema (issue 37).
 */

export const TREATMENT_LOG_MESSAGES = {
  chooseTreatment: 'Choose at least one treatment',
  saved: 'Procedure saved',
  saveFailed: 'Failed to save the procedure',
  discardConfirm: 'You are about to discard the procedure',
  recordingSaved: 'Recording saved!',
  caseNotesSaved: 'Case notes saved',
  noRecording: 'This visit has no recording to make case notes from',
  notConfigured: 'transcription is not configured',
  /** A recording kept on a server without a transcription endpoint: no case notes will come of it. */
  caseNotesNotSetUp: 'Recording saved; automatic case notes are not set up',
  /** Save procedure without a network (issue 52): the visit is kept on the device and goes when the network is back. */
  queued: 'Kept on this device: the visit will be sent when the network is back.',
  /** The chair's "Not sent yet" list says where its visits are and what ends them there. */
  keptOnDevice: 'Kept on this device until the server has them. Signing out deletes them.',
  /** Discarding work that was not sent (a visit, a use, a count): it is not recorded anywhere. */
  discardQueued: (noun: string) => `this ${noun} was not sent and will not be recorded. Discard it from this device?`,
  caseNotesSaveFailed: 'Failed to save the case notes',
  copied: 'Copied to clipboard',
  /** Spec section 8 lists both spellings: the patient history list's Copy says it in lowercase. */
  copiedFromList: 'copied to clipboard',
  noCaseNotes: 'No case notes for this visit yet.',
  caseNotesStarted: 'Case notes generation started',
  processing: 'Patient case notes are currently being processed.',
  caseNotesFailed: 'There is an error in generating the case notes',
  inProgress: 'In Progress..',
  multipleStocks: 'Multiple Stocks used',
  visitUpdated: 'Visit updated',
  notOfVisit: 'Not a product of this visit',
  productChanged: 'A product of the visit cannot become another product: remove it and add the other',
  /** A visit's references (issue 50, item 9): the location's own treatments and products only. */
  treatmentNotFound: 'Treatment not found',
  productNotFound: 'Product not found',
  notOfVisitTreatments: 'Not one of the visit’s treatments',
} as const;

/** Issue 20: an implantable product consumed at the chair records its device for the patient. */
export const IMPLANT_MESSAGES = {
  udiRequired: 'Scan or type the implant’s UDI',
  siteRequired: 'Enter the site (tooth or area)',
  notAUdi: 'Scan the implant’s UDI label (GS1 or HIBC): a plain barcode does not name the device',
  otherProduct: 'This UDI belongs to another product',
  oneDevice: 'An implant is one device: use quantity 1 and add a line for each implant',
  notImplantable: 'This product is not implantable',
  cardTitle: 'Implant card',
  cardKeep: 'Keep this card and show it to any healthcare professional who treats you.',
  cardSheetHelp: 'Cut along the corner marks, fold on the dashed line (front outside) and keep the card with you.',
} as const;

/** Spec section 9: the patients list shows 10 rows and is fresh for 2 seconds; a log is polled every second. */
export const PATIENTS_PAGE_SIZE = 10;
export const PATIENTS_STALE_TIME_MS = 2000;
export const TREATMENT_LOG_POLL_MS = 1000;
