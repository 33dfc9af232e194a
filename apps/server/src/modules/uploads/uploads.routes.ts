import { z } from 'zod';
import { ErrorResponseSchema, UploadRequestSchema, UploadResponseSchema } from '@clinic/domain';
import { errorResponses, type ZodApp } from '../../http/zod-app';
import { actorOf } from '../../http/route-access';
import { LOCAL_UPLOAD_PATH, type LocalStorage } from './local-storage';
import { createLocalUploadHandler } from './local-upload';
import type { FilesService } from './uploads.service';

const FileQuerySchema = z.object({ expires: z.coerce.number().int(), signature: z.string().min(1).max(100) });

export async function uploadsRoutes(app: ZodApp, files: FilesService, local: { storage: LocalStorage; root: string } | null): Promise<void> {
  app.post('/upload', {
    config: { access: { permission: ['uploads', 'create'] } },
    schema: { tags: ['uploads'], body: UploadRequestSchema, response: { 200: UploadResponseSchema, ...errorResponses, 413: ErrorResponseSchema } },
    handler: (request) => files.requestUpload(actorOf(request), request.body),
  });

  // Readers get signed, expiring addresses with the records they may see; the signature is the
  // permission here, as with a presigned S3 GET.
  app.get('/files/*', {
    config: { access: 'public' },
    schema: { tags: ['uploads'], querystring: FileQuerySchema, hide: true },
    handler: async (request, reply) => {
      const key = (request.params as { '*': string })['*'];
      const { row, body, expires } = await files.open(key, request.query.expires, request.query.signature);
      if ('redirect' in body) return reply.redirect(body.redirect);
      const maxAge = Math.max(0, expires - Math.floor(Date.now() / 1000));
      return reply
        .header('Content-Type', row.mimeType)
        .header('Content-Length', body.size)
        .header('Content-Disposition', `inline; filename="${row.fileName.replace(/[^\x20-\x7e]|"/g, '_')}"`)
        .header('X-Content-Type-Options', 'nosniff')
        .header('Content-Security-Policy', 'sandbox')
        .header('Cache-Control', `private, max-age=${maxAge}`)
        .send(body.stream);
    },
  });

  if (!local) return;
  const { storage, root } = local;

  // The local adapter's presigned POST (local-upload.ts); the policy is the permission.
  app.post(LOCAL_UPLOAD_PATH.replace(/^\/api/, ''), {
    config: { access: 'public' },
    schema: { tags: ['uploads'], hide: true },
    handler: createLocalUploadHandler(files, storage, root),
  });
}
