import type { Readable } from 'node:stream';
import type { S3Client, S3ClientConfig } from '@aws-sdk/client-s3';
import type { BlobStore } from './types';

export type S3Settings = {
  endpoint: string | null;
  bucket: string;
  region: string;
  accessKeyId: string | null;
  secretAccessKey: string | null;
  forcePathStyle: boolean;
  /** Prefix of every object key, so one bucket can serve several installs. */
  prefix: string;
};

/** 5 MiB parts (the S3 minimum), one at a time. */
const PART_BYTES = 5 * 1024 * 1024;

type Sdk = typeof import('@aws-sdk/client-s3');

/**
 * S3-compatible object storage (AWS, MinIO, Ceph, s3rver in the tests) through the AWS SDK v3.
 * The SDK is loaded when a store is made, that is only where S3 is configured: it is about 5 MB of
 * the server's memory that an install keeping files in PostgreSQL never uses.
 */
export class S3BlobStore implements BlobStore {
  readonly backend = 's3' as const;
  private readonly s3: Promise<{ sdk: Sdk; client: S3Client }>;

  constructor(private readonly settings: S3Settings) {
    const config: S3ClientConfig = {
      region: settings.region,
      forcePathStyle: settings.forcePathStyle,
      // Checksums only where the API requires them: S3-compatible servers differ in what they accept.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    };
    if (settings.endpoint) config.endpoint = settings.endpoint;
    if (settings.accessKeyId && settings.secretAccessKey) {
      config.credentials = { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey };
    }
    this.s3 = import('@aws-sdk/client-s3').then((sdk) => ({ sdk, client: new sdk.S3Client(config) }));
    // A store never used must not turn a failed load into an unhandled rejection; each use awaits it.
    this.s3.catch(() => {});
  }

  private key(key: string) {
    return `${this.settings.prefix}${key}`;
  }

  /**
   * Up to one part in memory, in one buffer reused for every part (grown by doubling up to 5 MiB,
   * so small files stay small): a file of any size costs the process about 5 MiB, and no garbage
   * per part for the collector to catch up with. Small files are one PutObject.
   */
  async put(key: string, body: Readable, contentType: string): Promise<void> {
    // A stream left unread would hold its source open: a failed load ends it, as a failed upload does.
    const { sdk, client } = await this.s3.catch((err) => {
      body.destroy(err);
      throw err;
    });
    const Bucket = this.settings.bucket;
    const Key = this.key(key);
    let part = Buffer.allocUnsafe(64 * 1024);
    let filled = 0;
    let uploadId: string | undefined;
    const parts: Array<{ ETag: string | undefined; PartNumber: number }> = [];
    const flush = async () => {
      if (!uploadId) {
        const created = await client.send(
          new sdk.CreateMultipartUploadCommand({ Bucket, Key, ContentType: contentType }),
        );
        uploadId = created.UploadId;
        if (!uploadId) throw new Error('S3 returned no upload id');
      }
      const PartNumber = parts.length + 1;
      const sent = await client.send(
        new sdk.UploadPartCommand({
          Bucket,
          Key,
          UploadId: uploadId,
          PartNumber,
          Body: part.subarray(0, filled),
          ContentLength: filled,
        }),
      );
      parts.push({ ETag: sent.ETag, PartNumber });
      filled = 0;
    };
    try {
      for await (const chunk of body as AsyncIterable<Buffer>) {
        let offset = 0;
        while (offset < chunk.length) {
          if (filled === part.length && part.length < PART_BYTES) {
            const bigger = Buffer.allocUnsafe(Math.min(part.length * 2, PART_BYTES));
            part.copy(bigger, 0, 0, filled);
            part = bigger;
          }
          const copied = chunk.copy(part, filled, offset);
          filled += copied;
          offset += copied;
          if (filled === PART_BYTES) await flush();
        }
      }
      if (!uploadId) {
        await client.send(
          new sdk.PutObjectCommand({
            Bucket,
            Key,
            Body: part.subarray(0, filled),
            ContentLength: filled,
            ContentType: contentType,
          }),
        );
        return;
      }
      if (filled > 0) await flush();
      await client.send(
        new sdk.CompleteMultipartUploadCommand({ Bucket, Key, UploadId: uploadId, MultipartUpload: { Parts: parts } }),
      );
    } catch (err) {
      if (uploadId) {
        await client.send(new sdk.AbortMultipartUploadCommand({ Bucket, Key, UploadId: uploadId })).catch(() => {}); // some S3-compatible servers lack it; the parts then expire by bucket policy
      }
      throw err;
    }
  }

  async get(key: string): Promise<Readable> {
    const { sdk, client } = await this.s3;
    const res = await client.send(new sdk.GetObjectCommand({ Bucket: this.settings.bucket, Key: this.key(key) }));
    if (!res.Body) throw new Error(`no stored bytes for ${key}`);
    return res.Body as Readable;
  }

  async delete(key: string): Promise<void> {
    const { sdk, client } = await this.s3;
    await client.send(new sdk.DeleteObjectCommand({ Bucket: this.settings.bucket, Key: this.key(key) }));
  }

  async check(): Promise<void> {
    const { sdk, client } = await this.s3;
    await client.send(new sdk.HeadBucketCommand({ Bucket: this.settings.bucket }));
  }

  async close(): Promise<void> {
    const loaded = await this.s3.catch(() => null);
    loaded?.client.destroy();
  }
}
