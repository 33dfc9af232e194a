import { createWriteStream } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import { dirname } from 'node:path';
import { randomUUID } from 'node:crypto';
import { pipeline } from 'node:stream/promises';
import { Transform } from 'node:stream';
import multipart from '@fastify/multipart';
import { z } from 'zod';
import { MAX_UPLOAD_BYTES, UPLOAD_MESSAGES, UploadRequestSchema, UploadResponseSchema } from '@clinic/domain';
import { errorResponses, type ZodApp } from '../../http/zod-app';
import { actorOf } from '../../http/route-access';
import { AppError, badRequest } from '../../http/errors';
import { CONTENT_HEAD_BYTES } from './file-content';
import { LOCAL_UPLOAD_PATH, tempUploadPath, type LocalStorage } from './local-storage';
import type { FilesService } from './uploads.service';

const FileQuerySchema = z.object({ expires: z.coerce.number().int(), signature: z.string().min(1).max(100) });

export async function uploadsRoutes(app: ZodApp, files: FilesService, local: { storage: LocalStorage; root: string } | null): Promise<void> {
  app.post('/upload', {
    config: { access: { permission: ['uploads', 'create'] } },
    schema: { tags: ['uploads'], body: UploadRequestSchema, response: { 200: UploadResponseSchema, ...errorResponses } },
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
  await app.register(multipart, { throwFileSizeLimit: false, limits: { fileSize: MAX_UPLOAD_BYTES, files: 1, fields: 10, fieldSize: 16 * 1024 } });

  // The local adapter's presigned POST, S3-style: fields first (key, Content-Type, Policy,
  // X-Signature), the file last.
  app.post(LOCAL_UPLOAD_PATH.replace(/^\/api/, ''), {
    config: { access: 'public' },
    schema: { tags: ['uploads'], hide: true },
    handler: async (request, reply) => {
      if (!request.isMultipart()) throw badRequest('file', 'Send the upload as multipart/form-data');
      const fields: Record<string, string> = {};
      let stored = false;
      for await (const part of request.parts()) {
        if (part.type === 'field') {
          fields[part.fieldname] = String(part.value);
          continue;
        }
        const policy = storage.readPolicy(fields);
        if (!policy) {
          part.file.resume();
          throw new AppError('FORBIDDEN', UPLOAD_MESSAGES.policyInvalid);
        }
        if (Date.parse(policy.expiration) < Date.now()) {
          part.file.resume();
          throw new AppError('FORBIDDEN', UPLOAD_MESSAGES.policyExpired);
        }
        const tempPath = tempUploadPath(root, randomUUID());
        await mkdir(dirname(tempPath), { recursive: true });
        const head: Buffer[] = [];
        let headLength = 0;
        let size = 0;
        const measure = new Transform({
          transform(chunk: Buffer, _encoding, callback) {
            size += chunk.length;
            if (headLength < CONTENT_HEAD_BYTES) {
              head.push(chunk);
              headLength += chunk.length;
            }
            callback(null, chunk);
          },
        });
        await pipeline(part.file, measure, createWriteStream(tempPath));
        if (part.file.truncated || size > policy.maxBytes) {
          await rm(tempPath, { force: true });
          throw badRequest('file', UPLOAD_MESSAGES.tooLarge);
        }
        await files.completeLocalUpload(policy.key, tempPath, size, Buffer.concat(head).subarray(0, CONTENT_HEAD_BYTES), () => storage.commit(tempPath, policy.key));
        stored = true;
      }
      if (!stored) throw badRequest('file', 'Required');
      return reply.status(204).send();
    },
  });
}
