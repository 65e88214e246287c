/**
 * One row of the audit trail as a person reads it (issue 32): what was done, when, by whom, to whom
 * (the person's name, or that their registration is gone; an account's name), in which event, and
 * the details in words. The row itself holds ids only; the names come with the page.
 */
import { formatDateTimeFor } from "@common/dates-language";
import { AUDIT_ACTION_KINDS, isAuditAction } from "@common/privacy/audit-actions";
import { auditDetailLines } from "@common/privacy/audit-details";
import type { AuditTrailEntry } from "@common/schemas/privacy";
import type { Translate } from "@common/i18n";
import { Badge } from "@web/components/ui/badge";
import { useLanguage } from "@web/lib/language";

/** Who acted: a staff member by name, a client through a selection's link, the person themself (their erasure), or the system. */
function actorOf(entry: AuditTrailEntry, t: Translate): string {
  if (entry.actorId) return entry.actorName || entry.actorEmail || t("privacy.audit.accountGone");
  if (typeof entry.details.share === "string" && entry.action.startsWith("selection.client_"))
    return t("privacy.audit.client", { name: entry.details.share });
  return entry.details.by === "registrant" ? t("privacy.admin.registrant") : t("privacy.admin.system");
}

/** Whom it was about: the registration's person, or the staff account acted on. */
function subjectOf(entry: AuditTrailEntry, t: Translate): string | null {
  if (entry.registrationId) {
    if (entry.registrationGone || !entry.registrationName) return t("privacy.audit.registrationGone");
    return entry.registrationCode
      ? t("privacy.audit.code", { name: entry.registrationName, code: entry.registrationCode })
      : entry.registrationName;
  }
  if (entry.userId) return entry.userName || entry.userEmail || t("privacy.audit.accountGone");
  return null;
}

export function AuditEntry({ entry }: { entry: AuditTrailEntry }) {
  const { language, t } = useLanguage();
  const action = isAuditAction(entry.action) ? entry.action : null;
  const subject = subjectOf(entry, t);
  const details = auditDetailLines(entry.details, t);
  return (
    <li className="grid gap-1 border-b p-3 text-sm last:border-b-0" data-testid="audit-entry">
      <div className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1">
        <p className="font-medium">
          {action ? t(`privacy.actions.${action}`) : entry.action}{" "}
          {action ? <Badge tone="outline">{t(`privacy.kinds.${AUDIT_ACTION_KINDS[action]}`)}</Badge> : null}
        </p>
        <time dateTime={entry.at} className="text-muted-foreground">
          {formatDateTimeFor(language, entry.at)}
        </time>
      </div>
      <p>
        <span className="font-medium">{actorOf(entry, t)}</span>
        {entry.actorName && entry.actorEmail ? (
          <span className="break-all text-muted-foreground"> · {entry.actorEmail}</span>
        ) : null}
        {entry.actorToken ? (
          <span className="text-muted-foreground"> · {t("privacy.audit.viaToken", { name: entry.actorToken })}</span>
        ) : null}
      </p>
      {subject || entry.eventName ? (
        <p>
          {subject ? (
            <>
              <span className="text-muted-foreground">{t("privacy.admin.auditPerson")}: </span>
              <span className={entry.registrationGone ? "italic" : undefined}>{subject}</span>
            </>
          ) : null}
          {subject && entry.eventName ? " · " : null}
          {entry.eventName ? t("privacy.admin.auditEvent", { name: entry.eventName }) : null}
        </p>
      ) : null}
      {details.length > 0 ? (
        <ul className="grid gap-0.5 text-muted-foreground">
          {details.map((line, index) => (
            <li key={index}>{line}</li>
          ))}
        </ul>
      ) : null}
      {entry.ip ? <p className="text-xs text-muted-foreground">{t("privacy.admin.auditIp", { ip: entry.ip })}</p> : null}
    </li>
  );
}
