/**
 * An S3-protocol server (s3rver, in this process) on a free port with one bucket: the object store of
 * the photo tests' S3 side, and the store the local cluster's processes share (test/cluster.ts).
 */
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import S3rver from "s3rver";
import type { S3StorageConfig } from "../config";
import { freePort } from "./smtp";

export interface TestS3 {
  config: S3StorageConfig;
  /** STORAGE_URL reaching the same bucket, for app processes. */
  url: string;
  /** Stops the server (the store is then unreachable); start() brings it back on the same port and data. */
  stop(): Promise<void>;
  start(): Promise<void>;
  close(): Promise<void>;
}

/** s3rver accepts any credentials; these are the ones its documentation uses. */
const KEY = "S3RVER";

export async function startS3(): Promise<TestS3> {
  const port = await freePort();
  const directory = await mkdtemp(path.join(tmpdir(), "opencall-s3rver-"));
  const bucket = "opencall-test";
  const endpoint = `http://127.0.0.1:${port}`;
  let server: S3rver | undefined;
  const start = async () => {
    server = new S3rver({
      port,
      address: "127.0.0.1",
      silent: true,
      directory,
      configureBuckets: [{ name: bucket, configs: [] }],
    });
    await server.run();
  };
  const stop = async () => {
    await server?.close();
    server = undefined;
  };
  await start();
  return {
    config: {
      kind: "s3",
      bucket,
      prefix: "",
      endpoint,
      region: "us-east-1",
      forcePathStyle: true,
      credentials: { accessKeyId: KEY, secretAccessKey: KEY },
    },
    url: `s3://${KEY}:${KEY}@${bucket}?endpoint=${encodeURIComponent(endpoint)}&region=us-east-1&forcePathStyle=true`,
    start,
    stop,
    async close() {
      await stop();
      await rm(directory, { recursive: true, force: true });
    },
  };
}
