/**
 * Where photos are kept (STORAGE_URL, or the S3_* variables read by config.ts): the parsed shape,
 * and the parser of STORAGE_URL.
 */
import path from "node:path";

export interface S3StorageConfig {
  kind: "s3";
  bucket: string;
  /** Inside the bucket, before every key (from the URL's path); "" for none. */
  prefix: string;
  endpoint: string | undefined;
  region: string;
  forcePathStyle: boolean;
  /** From the URL's user:password; otherwise the AWS SDK's own chain (AWS_ACCESS_KEY_ID, profiles, roles). */
  credentials: { accessKeyId: string; secretAccessKey: string } | undefined;
}

export type StorageConfig = { kind: "disk"; dir: string } | S3StorageConfig;

/**
 * STORAGE_URL: `file:/srv/opencall-files` (a folder), or
 * `s3://[key:secret@]bucket[/prefix]?endpoint=https://…&region=…&forcePathStyle=true`.
 */
export function parseStorageUrl(value: string, dataDir: string): StorageConfig {
  if (value.startsWith("file:")) {
    const rest = value.slice("file:".length).replace(/^\/\/(?=\/)/, "");
    if (!rest) throw new Error("file: needs a folder, e.g. file:/srv/opencall-files");
    return { kind: "disk", dir: path.resolve(dataDir, rest) };
  }
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new Error("is not a valid URL");
  }
  if (!url.hostname) throw new Error("s3:// needs a bucket name, e.g. s3://photos?region=eu-west-1");
  const endpoint = url.searchParams.get("endpoint") ?? undefined;
  if (endpoint && !/^https?:\/\//.test(endpoint)) throw new Error("endpoint must be an http(s):// address");
  return {
    kind: "s3",
    bucket: url.hostname,
    prefix: decodeURIComponent(url.pathname).replace(/^\/+|\/+$/g, ""),
    endpoint,
    region: url.searchParams.get("region") ?? "us-east-1",
    forcePathStyle: (url.searchParams.get("forcePathStyle") ?? (endpoint ? "true" : "false")) === "true",
    credentials: url.username
      ? { accessKeyId: decodeURIComponent(url.username), secretAccessKey: decodeURIComponent(url.password) }
      : undefined,
  };
}
