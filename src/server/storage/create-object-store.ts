/** The object store the configuration names: the local disk, or an S3-protocol server (ADR 011). */
import type { StorageConfig } from "../config";
import { createDiskStore } from "./disk";
import { createS3Store } from "./s3";
import type { ObjectStore } from "./storage";

export function createObjectStore(config: StorageConfig): ObjectStore {
  return config.kind === "s3" ? createS3Store(config) : createDiskStore(config.dir);
}
