import { z } from './zod';
import { isAllowedUploadMime, MAX_UPLOAD_BYTES, UPLOAD_MESSAGES, UPLOAD_TYPES } from './upload-rules';

export * from './upload-rules';

export const UploadTypeSchema = z.enum(UPLOAD_TYPES);

export const UploadRequestSchema = z
  .object({
    file_name: z.string().trim().min(1, 'Required').max(200, 'File name must be at most 200 characters'),
    type: UploadTypeSchema,
    mimeType: z.string().trim().min(1, 'Required').max(100),
    /** The file's size: the grant then holds only that much of the organization's storage, and accepts no more. */
    size_bytes: z.number().int('Enter a whole number').min(0).max(MAX_UPLOAD_BYTES, UPLOAD_MESSAGES.tooLarge).optional(),
  })
  .superRefine((value, ctx) => {
    if (!isAllowedUploadMime(value.type, value.mimeType)) {
      ctx.addIssue({ code: 'custom', path: ['mimeType'], message: UPLOAD_MESSAGES.typeNotAllowed(value.mimeType) });
    }
  });
export type UploadRequest = z.infer<typeof UploadRequestSchema>;

export const UploadResponseSchema = z.object({
  /** Where the browser form-posts `fields` plus the file (field name `file`, last). */
  url: z.string(),
  fields: z.record(z.string(), z.string()),
  /** The address to store on the record (product_image_url, attachment value, ...). */
  public_url: z.string(),
});
export type UploadResponse = z.infer<typeof UploadResponseSchema>;
