/**
 * Attachments as objects in an S3 or S3-compatible bucket (MinIO, Cloudflare R2, Ceph…) under
 * <S3_PREFIX><first two characters>/<key>, the disk store's layout, so moving from disk is one
 * `aws s3 sync` of DATA_DIR/uploads (without tmp/). Puts stream the temporary file in 5 MB parts (multipart above that), so a
 * 100 MB file never sits in memory; reads hand back the object's body stream.
 */
import { createReadStream } from 'node:fs';
import { Readable } from 'node:stream';
import type * as S3Sdk from '@aws-sdk/client-s3';
import type * as S3Storage from '@aws-sdk/lib-storage';
import type { FileStore, FileStoreInfo } from './file-store.ts';

export type S3Settings = {
  bucket: string;
  region: string;
  /** Unset: Amazon S3. */
  endpoint?: string | undefined;
  forcePathStyle: boolean;
  /** '' or a folder ending in '/'. */
  prefix: string;
  /** Unset: the SDK's default chain (environment, shared files, instance or task role). */
  credentials?: { accessKeyId: string; secretAccessKey: string } | undefined;
};

const PART_SIZE = 5 * 1024 * 1024;

/** One readable reason, without the SDK's stack: the status, and what it usually means. */
function reason(sdk: typeof S3Sdk, error: unknown) {
  if (error instanceof sdk.S3ServiceException) {
    const status = error.$metadata.httpStatusCode;
    const hint =
      status === 404
        ? 'the bucket does not exist'
        : status === 401 || status === 403
          ? 'access denied; check the credentials and the bucket policy'
          : error.message;
    // Answers to HEAD have no body, so the SDK can only name them by status.
    const name = /^(Unknown|\d+)$/.test(error.name) ? '' : error.name;
    const detail = [name, status && `HTTP ${status}`].filter(Boolean).join(', ');
    return detail ? `${hint} (${detail})` : hint;
  }
  if (error instanceof Error) {
    const code = (error as Error & { code?: unknown }).code;
    // Node's connection errors to localhost come as an AggregateError without a message.
    return error.message || (typeof code === 'string' ? code : error.name);
  }
  return String(error);
}

export class S3FileStore implements FileStore {
  readonly info: FileStoreInfo;
  private readonly client: S3Sdk.S3Client;

  /** The AWS SDK loads here, for a bucket only: a start on the disk store saves its ~100 ms. */
  static async open(settings: S3Settings) {
    const [sdk, storage] = await Promise.all([import('@aws-sdk/client-s3'), import('@aws-sdk/lib-storage')]);
    return new S3FileStore(settings, sdk, storage);
  }

  private constructor(
    private readonly settings: S3Settings,
    private readonly sdk: typeof S3Sdk,
    private readonly storage: typeof S3Storage,
  ) {
    const { bucket, region, endpoint, forcePathStyle, prefix, credentials } = settings;
    this.client = new sdk.S3Client({
      region,
      forcePathStyle,
      ...(endpoint ? { endpoint } : {}),
      ...(credentials ? { credentials } : {}),
      // Newer SDKs add CRC checksums to every request by default; several S3-compatible servers
      // refuse or mangle them, so other endpoints get checksums only where S3 requires them.
      ...(endpoint ? { requestChecksumCalculation: 'WHEN_REQUIRED', responseChecksumValidation: 'WHEN_REQUIRED' } : {}),
      // A black-holed endpoint should fail start-up in seconds, not hang it.
      requestHandler: { connectionTimeout: 10_000 },
    });
    this.info = {
      kind: 's3',
      location: `s3://${bucket}/${prefix}`,
      // Only where it is: a URL may carry a user name or password.
      endpoint: endpoint ? new URL(endpoint).origin : null,
    };
  }

  objectKey(key: string) {
    return `${this.settings.prefix}${key.slice(0, 2)}/${key}`;
  }

  /** Fails start-up when the bucket cannot be reached, rather than the first upload. */
  async init() {
    try {
      await this.client.send(new this.sdk.HeadBucketCommand({ Bucket: this.settings.bucket }));
    } catch (error) {
      const where = this.settings.endpoint ? ` at ${this.info.endpoint}` : '';
      throw new Error(`S3 bucket "${this.settings.bucket}"${where} cannot be used: ${reason(this.sdk, error)}`);
    }
  }

  async put(key: string, tempPath: string, contentType: string) {
    const upload = new this.storage.Upload({
      client: this.client,
      params: {
        Bucket: this.settings.bucket,
        Key: this.objectKey(key),
        Body: createReadStream(tempPath),
        ContentType: contentType,
      },
      partSize: PART_SIZE,
      // At most two parts (10 MB) in memory per upload; a failed multipart upload is aborted.
      queueSize: 2,
      leavePartsOnError: false,
    });
    await upload.done();
  }

  async read(key: string): Promise<Readable> {
    const object = await this.client.send(
      new this.sdk.GetObjectCommand({ Bucket: this.settings.bucket, Key: this.objectKey(key) }),
    );
    if (!(object.Body instanceof Readable)) throw new Error(`S3 object ${key} has no readable body`);
    return object.Body;
  }

  async remove(key: string) {
    // S3 answers 204 for a key that does not exist, so removing twice is fine.
    await this.client.send(
      new this.sdk.DeleteObjectCommand({ Bucket: this.settings.bucket, Key: this.objectKey(key) }),
    );
  }

  close() {
    this.client.destroy();
  }
}
