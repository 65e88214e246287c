/** The object store on any S3-compatible server (AWS S3, MinIO, Garage, s3rver in the tests). */
import type { Readable } from "node:stream";
import { DeleteObjectCommand, GetObjectCommand, NoSuchKey, PutObjectCommand, S3Client } from "@aws-sdk/client-s3";
import type { S3StorageConfig } from "../config";
import { assertSafeKey, type ObjectStore } from "./storage";

export function createS3Store(config: S3StorageConfig): ObjectStore {
  const client = new S3Client({
    region: config.region,
    ...(config.endpoint ? { endpoint: config.endpoint } : {}),
    forcePathStyle: config.forcePathStyle,
    ...(config.credentials ? { credentials: config.credentials } : {}),
    // A store that does not answer fails the request (and a deletion is retried later) instead of hanging it.
    requestHandler: { connectionTimeout: 3000, requestTimeout: 15_000 },
    maxAttempts: 2,
  });
  const key = (name: string) => {
    assertSafeKey(name);
    return config.prefix ? `${config.prefix}/${name}` : name;
  };
  return {
    kind: "s3",
    async put(name, body, contentType) {
      await client.send(new PutObjectCommand({ Bucket: config.bucket, Key: key(name), Body: body, ContentType: contentType }));
    },
    async get(name) {
      try {
        const out = await client.send(new GetObjectCommand({ Bucket: config.bucket, Key: key(name) }));
        return {
          body: out.Body as Readable,
          size: out.ContentLength ?? 0,
          contentType: out.ContentType ?? "application/octet-stream",
        };
      } catch (error) {
        if (error instanceof NoSuchKey || (error as { name?: string }).name === "NoSuchKey") return undefined;
        throw error;
      }
    },
    async delete(name) {
      // S3 answers 204 for a key that is not there: deleting again is harmless.
      await client.send(new DeleteObjectCommand({ Bucket: config.bucket, Key: key(name) }));
    },
    close() {
      client.destroy();
    },
  };
}
