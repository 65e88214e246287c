/**
 * The privacy operations (issue 18, ADR 016): the notice, the guardian's decision, a person's export
 * and erasure (from their manage link or by staff), the access request, retention's settings,
 * preview and "keep". Every staff action on personal data is audited in its own transaction.
 */
import type { Config } from "../../config";
import type { Db } from "../../db/client";
import { manageUrl, registrationIdFromToken } from "../../lib/registration-links";
import { enqueueEmail } from "../../mail/outbox";
import type { ObjectStore } from "../../storage/storage";
import { PERSON_AUDIT, recordAudit, type AuditContext } from "../audit/audit.record";
import { confirmationMessage, findConfirmation } from "../public/public.confirmation";
import { admitApprovedWalkIn } from "../public/public.walk-in";
import { cancelRegistration } from "../registrations/registrations.cancel";
import { registrationErrors } from "../registrations/registrations.errors";
import { accessLinksEmail } from "./privacy.emails";
import { eraseRegistration } from "./privacy.erase";
import { privacyErrors } from "./privacy.errors";
import { collectPersonalData, personalDataArchive } from "./privacy.export";
import { createPrivacyRepository, noticeToApi, type PrivacyRepository } from "./privacy.repository";
import { retentionPreview } from "./privacy.retention";
import type { PrivacySettings } from "@common/schemas/privacy";
import type { Language } from "@common/i18n";
import { formatTime } from "@common/dates";

interface Deps {
  db: Db;
  config: Config;
  storage: ObjectStore;
  clock: () => Date;
  repo: PrivacyRepository;
}

/** The registration a manage link names, or 404. */
function manageRegistrationId({ config }: Deps, token: string): string {
  const id = registrationIdFromToken(config, "manage", token);
  if (!id) throw privacyErrors.invalidLink();
  return id;
}

async function guardianView({ repo, config }: Deps, token: string) {
  const id = registrationIdFromToken(config, "guardian", token);
  if (!id) throw privacyErrors.invalidGuardianLink();
  const row = await repo.findForGuardian(id);
  if (!row || !row.guardianName || row.guardianStatus === "not_required") throw privacyErrors.invalidGuardianLink();
  const { guardianName, guardianStatus, startTime, endTime, ...rest } = row;
  const registration = { ...rest, startTime: startTime && formatTime(startTime), endTime: endTime && formatTime(endTime) };
  return { guardianName, guardianStatus, registration, notice: noticeToApi(await repo.currentNotice()) };
}

/**
 * Approves or refuses once: the row is locked, and only a pending decision changes. A refusal
 * cancels the registration (its spot is freed, the person is told why) in the same transaction. An
 * approval of a registration whose e-mail is verified confirms it now (issue 32): the person gets
 * the confirmation, and the calendar entry, tentative until then, is confirmed (SEQUENCE + 1); one
 * not verified yet is confirmed by its verification. A walk-in approved on the event's day is checked
 * in then (issue 35). A second click is told what was decided, and changes nothing.
 */
async function guardianDecision({ db, repo, config, clock }: Deps, token: string, approve: boolean) {
  const id = registrationIdFromToken(config, "guardian", token);
  if (!id) throw privacyErrors.invalidGuardianLink();
  const now = clock();
  return db.transaction(async (tx) => {
    const row = await repo.lockGuardianState(id, tx);
    if (!row || row.guardianStatus === "not_required") throw privacyErrors.invalidGuardianLink();
    if (row.guardianStatus === "approved" || row.guardianStatus === "refused")
      return { outcome: row.guardianStatus, alreadyDecided: true };
    // Cancelled by the person meanwhile: there is nothing left to approve.
    if (row.status === "cancelled" && approve) throw privacyErrors.invalidGuardianLink();
    const outcome = approve ? ("approved" as const) : ("refused" as const);
    const confirmsNow = approve && row.emailVerified && row.status !== "cancelled";
    await repo.setGuardianDecision(id, outcome, now, confirmsNow, tx);
    if (!approve) await cancelRegistration(tx, config, id, "guardian", now);
    // A minor who came to the door (issue 35) goes in now, with a number, if it is still the day.
    if (approve) await admitApprovedWalkIn(tx, id, now);
    if (confirmsNow) {
      const found = await findConfirmation(tx, id);
      if (found)
        await enqueueEmail(tx, await confirmationMessage(config, found.registration, found.context, { guardianApproved: true }));
    }
    return { outcome, alreadyDecided: false };
  });
}

/** The archive of a registration's person, or 404; staff downloads are audited. */
async function exportArchive(
  { db, config, storage, clock }: Deps,
  registrationId: string,
  audit: AuditContext | null,
  notFound: () => Error,
) {
  const now = clock();
  const personal = await collectPersonalData(db, config, registrationId, now);
  if (!personal) throw notFound();
  if (audit)
    await recordAudit(db, {
      ...audit,
      action: "registration.export",
      registrationId,
      eventId: String((personal.data.registration as { eventId: string }).eventId),
    });
  const code = (personal.data.registration as { registrationCode: string }).registrationCode;
  return { code, stream: personalDataArchive(personal, storage) };
}

async function erase(
  { db, config, clock }: Deps,
  registrationId: string,
  by: "registrant" | "staff",
  audit: AuditContext,
  notFound: () => Error,
) {
  const erased = await db.transaction((tx) => eraseRegistration(tx, config, registrationId, by, audit, clock()));
  if (!erased) throw notFound();
}

/**
 * Sends each registration of an address its manage link, in one e-mail; nothing when there is
 * none. Cancelled ones too (a guardian's refusal, the person's own cancellation): their data is
 * still held, so its owner may still download or erase it. The caller answers the same either way
 * (no enumeration).
 */
async function requestAccess({ db, repo, config }: Deps, email: string, language: Language) {
  await db.transaction(async (tx) => {
    const rows = await repo.registrationsOfEmail(email, 50, tx);
    if (rows.length === 0) return;
    await enqueueEmail(tx, {
      kind: "privacy_access",
      to: email,
      ...accessLinksEmail(
        language,
        rows.map((row) => ({ eventName: row.eventName, eventDate: row.eventDate, url: manageUrl(config, row.id) })),
      ),
    });
  });
}

async function setKeep({ db, repo }: Deps, registrationId: string, keep: boolean, audit: AuditContext) {
  return db.transaction(async (tx) => {
    const row = await repo.setRetentionKeep(registrationId, keep, tx);
    if (!row) throw registrationErrors.notFound();
    await recordAudit(tx, { ...audit, action: "registration.keep", registrationId, eventId: row.eventId, details: { keep } });
    return { retentionKeep: row.retentionKeep };
  });
}

async function publishNotice(
  { db, repo, clock }: Deps,
  input: { textEs: string; textEn: string },
  audit: AuditContext & { actor: { id: string } },
) {
  return db.transaction(async (tx) => {
    const notice = await repo.publishNotice({ ...input, publishedBy: audit.actor.id }, clock(), tx);
    await recordAudit(tx, { ...audit, action: "privacy.notice_publish", details: { version: notice.version } });
    return noticeToApi(notice);
  });
}

async function updateSettings({ db, repo, clock }: Deps, values: PrivacySettings, audit: AuditContext) {
  return db.transaction(async (tx) => {
    const row = await repo.updateSettings(values, clock(), tx);
    await recordAudit(tx, { ...audit, action: "privacy.settings_change", details: { ...values } });
    return { retentionMonths: row.retentionMonths, outboxRetentionDays: row.outboxRetentionDays };
  });
}

export type PrivacyService = ReturnType<typeof createPrivacyService>;

export function createPrivacyService(options: Omit<Deps, "clock" | "repo"> & { clock?: () => Date }) {
  const repo = createPrivacyRepository(options.db);
  const deps: Deps = { clock: () => new Date(), repo, ...options };
  return {
    currentNotice: async () => noticeToApi(await repo.currentNotice()),
    noticeOfVersion: async (version: number) => {
      const notice = await repo.noticeOfVersion(version);
      if (!notice) throw privacyErrors.noticeNotFound();
      return noticeToApi(notice);
    },
    notices: async () => ({ items: (await repo.notices()).map((n) => ({ ...noticeToApi(n), publishedBy: n.publishedBy })) }),
    publishNotice: (input: { textEs: string; textEn: string }, audit: AuditContext & { actor: { id: string } }) =>
      publishNotice(deps, input, audit),
    guardianView: (token: string) => guardianView(deps, token),
    guardianDecision: (token: string, approve: boolean) => guardianDecision(deps, token, approve),
    manageExport: (token: string) => exportArchive(deps, manageRegistrationId(deps, token), null, privacyErrors.invalidLink),
    // The person's own erasure is recorded without their address: the audit trail outlives the
    // erasure, and an IP address is personal data (ADR 016).
    manageErase: (token: string) =>
      erase(deps, manageRegistrationId(deps, token), "registrant", PERSON_AUDIT, privacyErrors.invalidLink),
    staffExport: (id: string, audit: AuditContext) => exportArchive(deps, id, audit, registrationErrors.notFound),
    staffErase: (id: string, audit: AuditContext) => erase(deps, id, "staff", audit, registrationErrors.notFound),
    requestAccess: (email: string, language: Language) => requestAccess(deps, email, language),
    setKeep: (id: string, keep: boolean, audit: AuditContext) => setKeep(deps, id, keep, audit),
    settings: async () => {
      const row = await repo.settings();
      return { retentionMonths: row.retentionMonths, outboxRetentionDays: row.outboxRetentionDays };
    },
    updateSettings: (values: PrivacySettings, audit: AuditContext) => updateSettings(deps, values, audit),
    retentionPreview: async () => ({ items: await retentionPreview(deps.db, deps.clock()) }),
  };
}
