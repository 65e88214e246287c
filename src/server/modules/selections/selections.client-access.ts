/** Who may open a link for a client, and how the client's actions are audited (issue 36). */
import type { Db } from "../../db/client";
import { sha256 } from "../../lib/tokens";
import type { ObjectStore } from "../../storage/storage";
import type { AgencyService } from "../agency/agency.service";
import type { ClientRepository } from "./selections.client.repository";
import { selectionErrors } from "./selections.errors";
import type { ShareGrants } from "./selections.grant";

/** A link's token as made (newSecretToken: 43 base64url characters); anything else opens nothing. */
const TOKEN = /^[A-Za-z0-9_-]{43}$/;
export const isLinkToken = (token: string) => TOKEN.test(token);

/** Who asks: the client's address (the audit trail's), and their cookies (an unlocked link's grant). */
export interface ClientRequest {
  ip: string | null;
  cookie: string | undefined;
}

export interface ClientDeps {
  db: Db;
  repo: ClientRepository;
  grants: ShareGrants;
  storage: ObjectStore;
  agency: AgencyService;
}

export type LiveShare = NonNullable<Awaited<ReturnType<ClientRepository["findLive"]>>>;

/** The live link of `token`, opened: 404 when it does not open, 401 while it asks a password not given in this browser. */
export async function openShare(deps: ClientDeps, token: string, request: ClientRequest, now: Date): Promise<LiveShare> {
  const share = isLinkToken(token) ? await deps.repo.findLive(sha256(token), now) : undefined;
  if (!share) throw selectionErrors.linkGone();
  if (share.passwordHash && !deps.grants.holds(request.cookie, share.id)) throw selectionErrors.locked();
  return share;
}

/** An audit row's who: no actor, the client's address, the link and its client's name. */
export const clientAudit = (share: LiveShare, request: ClientRequest) => ({
  actor: null,
  ip: request.ip,
  details: { selectionId: share.selectionId, shareId: share.id, share: share.clientName },
});
