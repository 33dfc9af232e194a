import type { Readable } from 'node:stream';
import { lazy } from '../../core/lazy';
import type { FileStorage } from './storage';

/** The AWS SDK, loaded with the first file stored or read (core/lazy.ts): a server on local storage never loads it. */
const loadSdk = lazy(async () => {
  const [s3, post, presigner] = await Promise.all([import('@aws-sdk/client-s3'), import('@aws-sdk/s3-presigned-post'), import('@aws-sdk/s3-request-presigner')]);
  return { ...s3, createPresignedPost: post.createPresignedPost, getSignedUrl: presigner.getSignedUrl };
});

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
  const connect = lazy(async () => {
    const sdk = await loadSdk();
    const client = new sdk.S3Client({
      region: options.region,
      endpoint: options.endpoint,
      forcePathStyle: options.forcePathStyle ?? Boolean(options.endpoint),
      credentials: options.accessKeyId && options.secretAccessKey ? { accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey } : undefined,
    });
    return { sdk, client };
  });
  const Bucket = options.bucket;

  return {
    kind: 's3',

    async presignPost({ key, contentType, maxBytes, expiresAt }) {
      const expires = Math.max(1, Math.round((expiresAt.getTime() - Date.now()) / 1000));
      const { sdk, client } = await connect();
      return sdk.createPresignedPost(client, {
        Bucket,
        Key: key,
        Fields: { 'Content-Type': contentType },
        Conditions: [['eq', '$Content-Type', contentType], ['content-length-range', 0, maxBytes]],
        Expires: expires,
      });
    },

    async readHead(key, bytes) {
      const { sdk, client } = await connect();
      try {
        const object = await client.send(new sdk.GetObjectCommand({ Bucket, Key: key, Range: `bytes=0-${bytes - 1}` }));
        const head = Buffer.from(await object.Body!.transformToByteArray());
        const total = Number(object.ContentRange?.split('/')[1] ?? object.ContentLength ?? head.length);
        return { head, size: total };
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
    },

    async openRead(key) {
      const { sdk, client } = await connect();
      try {
        const object = await client.send(new sdk.GetObjectCommand({ Bucket, Key: key }));
        return object.Body as Readable;
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
    },

    async write(key, body, contentType) {
      const { sdk, client } = await connect();
      await client.send(new sdk.PutObjectCommand({ Bucket, Key: key, Body: body, ContentType: contentType }));
    },

    async serve(key) {
      const { sdk, client } = await connect();
      return { redirect: await sdk.getSignedUrl(client, new sdk.GetObjectCommand({ Bucket, Key: key }), { expiresIn: 300 }) };
    },

    async remove(key) {
      const { sdk, client } = await connect();
      await client.send(new sdk.DeleteObjectCommand({ Bucket, Key: key }));
    },

    // The bucket keeps no partial objects: a cut-off POST stores nothing.
    async sweep() {},
  };
}
