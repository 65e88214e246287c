/**
 * The claims a worker is still working on (sending, or waiting for the database to record the
 * server's answer), renewed every third of the lease: a batch that takes long (a slow server, a
 * busy machine, a database blip) is never mistaken for a dead worker's.
 */
import type { ClaimedMessage, OutboxRepository } from "../mail/outbox.repository";
import type { WorkerLogger } from "./outbox-worker";

export interface ClaimHolderOptions {
  repository: OutboxRepository;
  clock: () => Date;
  log: WorkerLogger;
  leaseMs: number;
}

export type ClaimHolder = ReturnType<typeof createClaimHolder>;

export function createClaimHolder({ repository, clock, log, leaseMs }: ClaimHolderOptions) {
  const claims = new Set<number>();
  let heartbeat: NodeJS.Timeout | undefined;

  function renew(): void {
    repository.renewClaims([...claims], clock()).catch((error: unknown) => {
      log.error({ err: error }, "outbox: could not renew the claims in flight");
    });
  }

  return {
    hold(rows: ClaimedMessage[]): void {
      for (const row of rows) claims.add(row.id);
      if (heartbeat || claims.size === 0) return;
      heartbeat = setInterval(renew, leaseMs / 3);
      heartbeat.unref();
    },
    release(row: ClaimedMessage): void {
      claims.delete(row.id);
      if (claims.size === 0 && heartbeat) {
        clearInterval(heartbeat);
        heartbeat = undefined;
      }
    },
    /** The ids held now: alive whatever their claim's age, never re-queued by this worker. */
    ids: (): number[] => [...claims],
  };
}
