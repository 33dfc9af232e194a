import { AUTH_MESSAGES, DUPLICATE_RECEIPT_CODE, duplicateReceiptMessage, IDEMPOTENCY_MESSAGES, utcDayMmDdYyyy, type EarlierReceipt } from '@clinic/domain';

export type AppErrorCode =
  | 'BAD_REQUEST'
  | 'UNAUTHORIZED'
  | 'FORBIDDEN'
  | 'NOT_FOUND'
  | 'CONFLICT'
  | 'SUBSCRIPTION_REQUIRED'
  | 'PAYLOAD_TOO_LARGE'
  | 'IDEMPOTENCY_KEY_REUSED'
  | typeof DUPLICATE_RECEIPT_CODE
  | 'TOO_MANY_REQUESTS';

/** The HTTP status each code answers with; services name the code, the error handler sends it. */
const STATUS: Record<AppErrorCode, number> = {
  BAD_REQUEST: 400,
  UNAUTHORIZED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  SUBSCRIPTION_REQUIRED: 402,
  PAYLOAD_TOO_LARGE: 413,
  IDEMPOTENCY_KEY_REUSED: 422,
  DUPLICATE_RECEIPT: 409,
  TOO_MANY_REQUESTS: 429,
};

/** The one error type services throw; the handler below turns it into the API's error shape. */
export class AppError extends Error {
  readonly statusCode: number;
  constructor(
    readonly code: AppErrorCode,
    message: string,
    readonly extra: { field?: string; errors?: { field: string; message: string }[]; details?: Record<string, unknown> } = {},
  ) {
    super(message);
    this.statusCode = STATUS[code];
  }
}

export const notFound = (message: string = AUTH_MESSAGES.notFound) => new AppError('NOT_FOUND', message);
export const forbidden = (message: string = AUTH_MESSAGES.forbidden) => new AppError('FORBIDDEN', message);
export const conflict = (message: string) => new AppError('CONFLICT', message);
export const badRequest = (field: string, message: string) => new AppError('BAD_REQUEST', message, { field });
/** An idempotency key sent again with a different request: replaying the first answer would hide that nothing was done. */
export const idempotencyKeyReused = () => new AppError('IDEMPOTENCY_KEY_REUSED', IDEMPOTENCY_MESSAGES.keyReused, { field: 'idempotency_key' });
/** A delivery received before: the 409 names the earlier receipts; the client may resend with confirm_duplicate. */
export const duplicateReceipt = (receipts: EarlierReceipt[]) =>
  new AppError(DUPLICATE_RECEIPT_CODE, duplicateReceiptMessage(receipts, utcDayMmDdYyyy), { details: { receipts } });
/** A 400 listing every field problem at once, worded like the schema's validation errors. */
export const invalidFields = (errors: { field: string; message: string }[]) =>
  new AppError('BAD_REQUEST', errors.map((e) => `${e.field}: ${e.message}`).join('; '), { errors });
