/** The object store on any S3-compatible server (AWS S3, MinIO, Garage, s3rver in the tests). */
import type { Readable } from "node:stream";
import type { S3Client } from "@aws-sdk/client-s3";
import type { S3StorageConfig } from "../config";
import { assertSafeKey, type ObjectStore } from "./storage";

// The SDK is large: loaded on the first use of the store, so processes that never touch a photo
// (a worker sending mail) start as fast as before.
const sdk = () => import("@aws-sdk/client-s3");

export function createS3Store(config: S3StorageConfig): ObjectStore {
  let client: Promise<S3Client> | undefined;
  const connect = () => (client ??= sdk().then(({ S3Client }) => newClient(S3Client, config)));
  const key = (name: string) => {
    assertSafeKey(name);
    return config.prefix ? `${config.prefix}/${name}` : name;
  };
  return {
    kind: "s3",
    async put(name, body, contentType) {
      const { PutObjectCommand } = await sdk();
      await (
        await connect()
      ).send(new PutObjectCommand({ Bucket: config.bucket, Key: key(name), Body: body, ContentType: contentType }));
    },
    async get(name) {
      const { GetObjectCommand } = await sdk();
      try {
        const out = await (await connect()).send(new GetObjectCommand({ Bucket: config.bucket, Key: key(name) }));
        return {
          body: out.Body as Readable,
          size: out.ContentLength ?? 0,
          contentType: out.ContentType ?? "application/octet-stream",
        };
      } catch (error) {
        if ((error as { name?: string }).name === "NoSuchKey") return undefined;
        throw error;
      }
    },
    async delete(name) {
      const { DeleteObjectCommand } = await sdk();
      // S3 answers 204 for a key that is not there: deleting again is harmless.
      await (await connect()).send(new DeleteObjectCommand({ Bucket: config.bucket, Key: key(name) }));
    },
    close() {
      void client?.then((c) => c.destroy());
    },
  };
}

function newClient(S3: typeof S3Client, config: S3StorageConfig): S3Client {
  return new S3({
    region: config.region,
    ...(config.endpoint ? { endpoint: config.endpoint } : {}),
    forcePathStyle: config.forcePathStyle,
    ...(config.credentials ? { credentials: config.credentials } : {}),
    // A store that does not answer fails the request (and a deletion is retried later) instead of hanging it.
    requestHandler: { connectionTimeout: 3000, requestTimeout: 15_000 },
    maxAttempts: 2,
  });
}
