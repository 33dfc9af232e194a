import { DeleteObjectCommand, GetObjectCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { createPresignedPost } from '@aws-sdk/s3-presigned-post';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import type { Readable } from 'node:stream';
import type { FileStorage } from './storage';

export interface S3Options {
  bucket: string;
  region: string;
  endpoint?: string | undefined;
  forcePathStyle?: boolean | undefined;
  accessKeyId?: string | undefined;
  secretAccessKey?: string | undefined;
}

function isMissing(error: unknown): boolean {
  const name = (error as { name?: string }).name;
  return name === 'NoSuchKey' || name === 'NotFound' || (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode === 404;
}

/** S3 or any S3-compatible store (MinIO, R2, ...): the browser posts straight to the bucket. */
export function createS3Storage(options: S3Options): FileStorage {
  const client = new S3Client({
    region: options.region,
    endpoint: options.endpoint,
    forcePathStyle: options.forcePathStyle ?? Boolean(options.endpoint),
    credentials: options.accessKeyId && options.secretAccessKey ? { accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey } : undefined,
  });
  const Bucket = options.bucket;

  return {
    kind: 's3',

    async presignPost({ key, contentType, maxBytes, expiresAt }) {
      const expires = Math.max(1, Math.round((expiresAt.getTime() - Date.now()) / 1000));
      return createPresignedPost(client, {
        Bucket,
        Key: key,
        Fields: { 'Content-Type': contentType },
        Conditions: [['eq', '$Content-Type', contentType], ['content-length-range', 0, maxBytes]],
        Expires: expires,
      });
    },

    async readHead(key, bytes) {
      try {
        const object = await client.send(new GetObjectCommand({ Bucket, Key: key, Range: `bytes=0-${bytes - 1}` }));
        const head = Buffer.from(await object.Body!.transformToByteArray());
        const total = Number(object.ContentRange?.split('/')[1] ?? object.ContentLength ?? head.length);
        return { head, size: total };
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
    },

    async openRead(key) {
      try {
        const object = await client.send(new GetObjectCommand({ Bucket, Key: key }));
        return object.Body as Readable;
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
    },

    async write(key, body, contentType) {
      await client.send(new PutObjectCommand({ Bucket, Key: key, Body: body, ContentType: contentType }));
    },

    async serve(key) {
      return { redirect: await getSignedUrl(client, new GetObjectCommand({ Bucket, Key: key }), { expiresIn: 300 }) };
    },

    async remove(key) {
      await client.send(new DeleteObjectCommand({ Bucket, Key: key }));
    },

    // The bucket keeps no partial objects: a cut-off POST stores nothing.
    async sweep() {},
  };
}
