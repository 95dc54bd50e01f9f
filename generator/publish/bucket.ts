import {
  CopyObjectCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  NoSuchKey,
  PutObjectCommand,
  S3Client,
  type S3ClientConfig,
} from "@aws-sdk/client-s3";

/** What the publisher needs of an object store. */
export interface Bucket {
  /** `s3://bucket/prefix`, for messages. */
  readonly name: string;
  put(key: string, body: Buffer, meta: ObjectMeta): Promise<void>;
  /** A server-side copy, with the metadata replaced. */
  copy(from: string, to: string, meta: ObjectMeta): Promise<void>;
  get(key: string): Promise<Buffer | undefined>;
  exists(key: string): Promise<boolean>;
  delete(key: string): Promise<void>;
  /** Every key under a prefix (relative to the bucket's own prefix). */
  list(prefix: string): Promise<Set<string>>;
}

export interface ObjectMeta {
  contentType: string;
  cacheControl: string;
  metadata?: Record<string, string>;
}

/** `s3://bucket[/prefix]`, or a clear error. */
export function parseBucketUrl(url: string): { bucket: string; prefix: string } {
  const m = /^s3:\/\/([a-z0-9][a-z0-9.-]{1,61}[a-z0-9])(?:\/(.*))?$/.exec(url);
  if (!m)
    throw new Error(`--to ${url}: expected s3://<bucket>[/<prefix>] (a bucket name is 3-63 lower-case letters, digits, dots and hyphens)`);
  return { bucket: m[1]!, prefix: (m[2] ?? "").replace(/^\/+|\/+$/g, "") };
}

/**
 * An S3 bucket (AWS, or any S3-compatible store with `endpoint`: R2, MinIO, s3rver). Credentials and
 * region come from the usual AWS environment; an endpoint is addressed path-style.
 */
export function s3Bucket(url: string, options: { endpoint?: string } = {}): Bucket {
  const { bucket, prefix } = parseBucketUrl(url);
  const config: S3ClientConfig = {
    region: process.env.AWS_REGION ?? process.env.AWS_DEFAULT_REGION ?? "us-east-1",
    // Checksums only where S3 requires them: stores that predate the flexible checksums (s3rver) refuse
    // the streaming trailer the SDK would otherwise send with every upload.
    requestChecksumCalculation: "WHEN_REQUIRED",
    responseChecksumValidation: "WHEN_REQUIRED",
    ...(options.endpoint ? { endpoint: options.endpoint, forcePathStyle: true } : {}),
  };
  const client = new S3Client(config);
  const full = (key: string) => (prefix ? `${prefix}/${key}` : key);
  return {
    name: `s3://${bucket}${prefix ? `/${prefix}` : ""}`,
    async put(key, body, meta) {
      await client.send(
        new PutObjectCommand({
          Bucket: bucket,
          Key: full(key),
          Body: body,
          ContentType: meta.contentType,
          CacheControl: meta.cacheControl,
          Metadata: meta.metadata,
        }),
      );
    },
    async copy(from, to, meta) {
      // URL-encoded, as S3 asks; `@`, `=` and `&` of the object names stay as they are (stores differ in what they decode).
      const source = encodeURI(`${bucket}/${full(from)}`).replace(/[?#+]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
      await client.send(
        new CopyObjectCommand({
          Bucket: bucket,
          Key: full(to),
          CopySource: source,
          MetadataDirective: "REPLACE",
          ContentType: meta.contentType,
          CacheControl: meta.cacheControl,
          Metadata: meta.metadata,
        }),
      );
    },
    async get(key) {
      try {
        const out = await client.send(new GetObjectCommand({ Bucket: bucket, Key: full(key) }));
        return Buffer.from(await out.Body!.transformToByteArray());
      } catch (error) {
        const e = error as { name?: string; $metadata?: { httpStatusCode?: number } };
        if (error instanceof NoSuchKey || e.name === "NoSuchKey" || e.$metadata?.httpStatusCode === 404) return undefined;
        throw error;
      }
    },
    async exists(key) {
      try {
        await client.send(new HeadObjectCommand({ Bucket: bucket, Key: full(key) }));
        return true;
      } catch (error) {
        const e = error as { name?: string; $metadata?: { httpStatusCode?: number } };
        if (e.name === "NotFound" || e.$metadata?.httpStatusCode === 404) return false;
        throw error;
      }
    },
    async delete(key) {
      await client.send(new DeleteObjectCommand({ Bucket: bucket, Key: full(key) }));
    },
    async list(under) {
      const keys = new Set<string>();
      const strip = prefix ? prefix.length + 1 : 0;
      let token: string | undefined;
      do {
        const out = await client.send(new ListObjectsV2Command({ Bucket: bucket, Prefix: full(under), ContinuationToken: token }));
        for (const o of out.Contents ?? []) if (o.Key) keys.add(o.Key.slice(strip));
        token = out.IsTruncated ? out.NextContinuationToken : undefined;
      } while (token);
      return keys;
    },
  };
}
