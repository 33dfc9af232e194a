/**
 * The upload rules the web checks before asking for an upload, without zod: uploads.ts re-exports
 * them beside its schemas, and the chair's page loads without building any schema (issue 37).
 */

/** Spec section 9: the attachment upload maximum. */
export const MAX_UPLOAD_BYTES = 52428800;

export const UPLOAD_TYPES = [
  'product_image',
  'product_box_image',
  'category_image',
  'product_csv_import',
  'purchase_order_pdf',
  'product_attachment',
  'treatment_execution_recording',
  // Issue 54, item 9: each spreadsheet import names its own file (product_csv_import was all of them).
  'treatment_csv_import',
  'procedure_csv_import',
  'schedule_csv_import',
  'production_csv_import',
] as const;
export type UploadType = (typeof UPLOAD_TYPES)[number];

/** The spreadsheets (.csv or .xlsx) an import reads, one kind for each import. */
export const CSV_IMPORT_TYPES = ['product_csv_import', 'treatment_csv_import', 'procedure_csv_import', 'schedule_csv_import', 'production_csv_import'] as const satisfies readonly UploadType[];
export type CsvImportType = (typeof CSV_IMPORT_TYPES)[number];

/**
 * The uploads an import of `kind` reads: its own, and a product_csv_import, which every
 * spreadsheet was uploaded as before each had its kind (a web page loaded before that, an API
 * client, a file uploaded and not yet imported).
 */
export const csvImportUploads = (kind: CsvImportType): readonly UploadType[] => (kind === 'product_csv_import' ? [kind] : [kind, 'product_csv_import']);

const IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/gif'] as const;
const CSV_TYPES = ['text/csv', 'application/vnd.ms-excel', 'text/plain'] as const;
export const XLSX_MIME_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const AUDIO_TYPES = ['audio/wav', 'audio/x-wav', 'audio/wave', 'audio/vnd.wave'] as const;
const SPREADSHEET_TYPES = [...CSV_TYPES, XLSX_MIME_TYPE] as const;
const SPREADSHEET_ACCEPT = `.csv,.xlsx,text/csv,${XLSX_MIME_TYPE}`;

/**
 * Content types each upload type accepts. SVG is left out on purpose: it can carry script.
 * Windows browsers label .csv files application/vnd.ms-excel, so CSV accepts that too. Imports
 * read Excel workbooks (.xlsx) as well as CSV.
 */
export const ALLOWED_UPLOAD_MIME_TYPES: Record<UploadType, readonly string[]> = {
  product_image: IMAGE_TYPES,
  product_box_image: IMAGE_TYPES,
  category_image: IMAGE_TYPES,
  product_csv_import: SPREADSHEET_TYPES,
  purchase_order_pdf: ['application/pdf'],
  product_attachment: [...IMAGE_TYPES, 'application/pdf'],
  treatment_execution_recording: AUDIO_TYPES,
  treatment_csv_import: SPREADSHEET_TYPES,
  procedure_csv_import: SPREADSHEET_TYPES,
  schedule_csv_import: SPREADSHEET_TYPES,
  production_csv_import: SPREADSHEET_TYPES,
};

/** What the file picker of each upload type offers (the `accept` attribute). */
export const UPLOAD_ACCEPT: Record<UploadType, string> = {
  product_image: IMAGE_TYPES.join(','),
  product_box_image: IMAGE_TYPES.join(','),
  category_image: IMAGE_TYPES.join(','),
  product_csv_import: SPREADSHEET_ACCEPT,
  purchase_order_pdf: 'application/pdf',
  product_attachment: `${IMAGE_TYPES.join(',')},application/pdf`,
  treatment_execution_recording: 'audio/wav',
  treatment_csv_import: SPREADSHEET_ACCEPT,
  procedure_csv_import: SPREADSHEET_ACCEPT,
  schedule_csv_import: SPREADSHEET_ACCEPT,
  production_csv_import: SPREADSHEET_ACCEPT,
};

export const UPLOAD_MESSAGES = {
  uploading: 'Uploading....',
  done: 'Upload done',
  failed: 'Upload failed',
  imageFailed: 'Failed to upload image',
  tooLarge: 'File size should not exceed more than 50mb',
  typeNotAllowed: (type: string) => `File type: ${type} is not allowed`,
  contentMismatch: 'The file content does not match its type',
  policyExpired: 'This upload link has expired. Start the upload again.',
  policyInvalid: 'This upload link is not valid',
  fileForeign: 'This file does not belong to your location',
  fileMissing: 'The file has not been uploaded',
  policyUsed: 'This upload link was already used. Start the upload again.',
  quotaExceeded: (megabytes: number) => `Not enough file storage left: your organization may store ${String(megabytes)} MB. Contact support to raise the limit.`,
} as const;

export function isAllowedUploadMime(type: UploadType, mimeType: string): boolean {
  return ALLOWED_UPLOAD_MIME_TYPES[type].includes(mimeType.toLowerCase());
}

/** Client-side check before asking for an upload, with the specification's messages. */
export function uploadProblem(type: UploadType, file: { size: number; type: string }): string | null {
  if (file.size > MAX_UPLOAD_BYTES) return UPLOAD_MESSAGES.tooLarge;
  if (!isAllowedUploadMime(type, file.type || 'application/octet-stream')) return UPLOAD_MESSAGES.typeNotAllowed(file.type || 'unknown');
  return null;
}
