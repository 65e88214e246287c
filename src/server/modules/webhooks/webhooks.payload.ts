/**
 * What a delivery carries (issue 37; docs/integrations.md): `{type, timestamp, data}`, where `data`
 * is the event's facts as recorded and, for a registration's event, `registration`: the registration
 * as GET /api/registrations lists it to the endpoint's maker holding only the endpoint's
 * capabilities, read when the delivery is sent. It is null once the registration is erased, when
 * the endpoint may not read registrations, and while a minor's guardian has not approved: a minor's
 * data never leaves without the guardian's approval on record.
 */
import { callerHolds } from "@common/permissions";
import { registrationPhotoUrl } from "@common/photos";
import type { RegistrationListItem } from "@common/schemas/registrations";
import type { Config } from "../../config";
import type { Db } from "../../db/client";
import { AppError } from "../../errors";
import type { SessionUser } from "../accounts/session.resolver";
import { listItemFor } from "../registrations/registrations.service";

export interface PayloadSource {
  eventType: string;
  occurredAt: Date;
  data: Record<string, unknown>;
}

/** The endpoint as a caller: its maker's account holding only the endpoint's capabilities. */
export type EndpointCaller = SessionUser;

const WITHOUT_REGISTRATION = new Set(["registration.erased", "waitlist.offered"]);

async function registrationFor(db: Db, config: Pick<Config, "publicUrl">, caller: EndpointCaller, id: string) {
  if (!callerHolds(caller, "registrations.read")) return null;
  let item: RegistrationListItem;
  try {
    item = await listItemFor(db, caller, id);
  } catch (error) {
    if (error instanceof AppError && error.statusCode === 404) return null;
    throw error;
  }
  if (item.guardianStatus === "pending" || item.guardianStatus === "refused") return null;
  // Photo references become the API's URLs (they need a token holding "see photos").
  const photos = (item.photos ?? []).map((photo) => ({
    ...photo,
    url: `${config.publicUrl}${registrationPhotoUrl(item.id, photo, "large")}`,
  }));
  return { ...item, photos };
}

export async function buildPayload(
  db: Db,
  config: Pick<Config, "publicUrl">,
  caller: EndpointCaller,
  source: PayloadSource,
): Promise<string> {
  const data: Record<string, unknown> = { ...source.data };
  const registrationId = data.registrationId;
  if (typeof registrationId === "string" && !WITHOUT_REGISTRATION.has(source.eventType)) {
    data.registration = await registrationFor(db, config, caller, registrationId);
  }
  return JSON.stringify({ type: source.eventType, timestamp: source.occurredAt.toISOString(), data });
}
