import { createWriteStream } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import { dirname } from 'node:path';
import { randomUUID } from 'node:crypto';
import { pipeline } from 'node:stream/promises';
import { Transform } from 'node:stream';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { MultipartFile } from '@fastify/multipart';
import { UPLOAD_MESSAGES } from '@clinic/domain';
import { AppError, badRequest } from '../../core/errors';
import { CONTENT_HEAD_BYTES } from './file-content';
import { tempUploadPath, type LocalStorage, type UploadPolicy } from './local-storage';
import type { FilesService } from './uploads.service';

/**
 * The local adapter's presigned POST, S3-style: fields first (key, Content-Type, Policy,
 * X-Signature), the file last. The grant is checked and used (claimed in the database, so every
 * server process agrees) before a byte of the file is read; the file goes to a scratch file that
 * is moved into place once checked and removed however else the request ends, cut off included.
 */
export function createLocalUploadHandler(files: FilesService, storage: LocalStorage, root: string) {
  return async (request: FastifyRequest, reply: FastifyReply) => {
    if (!request.isMultipart()) throw badRequest('file', 'Send the upload as multipart/form-data');
    const fields: Record<string, string> = {};
    let stored = false;
    for await (const part of request.parts()) {
      if (part.type === 'field') {
        fields[part.fieldname] = String(part.value);
        continue;
      }
      const policy = storage.readPolicy(fields);
      const refusal = !policy
        ? UPLOAD_MESSAGES.policyInvalid
        : Date.parse(policy.expiration) < Date.now()
          ? UPLOAD_MESSAGES.policyExpired
          : !(await files.claimLocalUpload(policy.key))
            ? UPLOAD_MESSAGES.policyUsed
            : null;
      if (!policy || refusal) {
        part.file.resume();
        throw new AppError('FORBIDDEN', refusal ?? UPLOAD_MESSAGES.policyInvalid);
      }
      try {
        await receive(request, part, policy, files, storage, root);
      } catch (error) {
        // The grant is spent either way; it no longer holds the organization's space.
        await files.abandonLocalUpload(policy.key);
        throw error;
      }
      stored = true;
    }
    if (!stored) throw badRequest('file', 'Required');
    return reply.status(204).send();
  };
}

async function receive(request: FastifyRequest, part: MultipartFile, policy: UploadPolicy, files: FilesService, storage: LocalStorage, root: string): Promise<void> {
  const tempPath = tempUploadPath(root, randomUUID());
  // When the client goes away mid-file the parser fails the file stream; should it ever not,
  // this does, so the stream cannot wait forever and the scratch file below is removed.
  const cutOff = () => {
    if (!request.raw.complete) part.file.destroy(new Error('The upload was cut off'));
  };
  request.raw.once('close', cutOff);
  try {
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
        // Past the grant's size nothing more is written; the rest is read and dropped.
        callback(null, size > policy.maxBytes ? undefined : chunk);
      },
    });
    await pipeline(part.file, measure, createWriteStream(tempPath));
    if (part.file.truncated || size > policy.maxBytes) throw badRequest('file', UPLOAD_MESSAGES.tooLarge);
    await files.completeLocalUpload(policy.key, size, Buffer.concat(head).subarray(0, CONTENT_HEAD_BYTES), () => storage.commit(tempPath, policy.key));
  } finally {
    request.raw.off('close', cutOff);
    await rm(tempPath, { force: true });
  }
}
