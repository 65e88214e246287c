/**
 * An audit row's details as a person reads them (issue 32): each detail a line of the catalogue's
 * words (field labels, stages, roles, counts), never the stored JSON, and never an id (the row's
 * names are read beside it). A detail this file does not know yet still reads as "name: value".
 */
import { GUARDIAN_STATUSES, REGISTRATION_STAGES } from "../constants";
import { ROLES } from "../permissions";
import type { MessageId, Translate } from "../i18n";
import { PHOTO_KINDS } from "../photos";
import { REGISTRANT_FIELD_NAMES } from "../registrant/fields";

const isOneOf = <T extends string>(list: readonly T[], value: unknown): value is T =>
  typeof value === "string" && (list as readonly string[]).includes(value);

/** What an edit's field names read as: the registrant's fields by their labels, and the row's own. */
const OTHER_FIELDS: Record<string, MessageId> = {
  timeslotId: "registrations.edit.timeslot",
  liked: "registrations.row.liked",
  attended: "registrations.row.attended",
  rating: "registrations.row.officialRating",
};

function fieldLabel(name: unknown, t: Translate): string {
  if (isOneOf(REGISTRANT_FIELD_NAMES, name)) return t(`registrant.shortLabels.${name}`);
  const other = typeof name === "string" ? OTHER_FIELDS[name] : undefined;
  return other ? t(other) : String(name);
}

/** An export's filters (the list's query but the search text and the event, shown apart). */
const FILTER_LABELS: Record<string, MessageId> = {
  liked: "registrations.filters.liked",
  attended: "registrations.filters.attended",
  noShow: "registrations.filters.noShow",
  rating: "registrations.filters.rating",
  stage: "panel.filters.stage",
  tag: "panel.filters.tag",
  guardianStatus: "privacy.guardian.filter",
  panelMin: "panel.filters.panelMin",
  unscoredByMe: "panel.filters.unscoredByMe",
};
const UNSHOWN_FILTERS = new Set(["eventId", "page", "pageSize", "sort", "viewerId"]);

function filterLine(name: string, value: unknown, t: Translate): string | null {
  if (UNSHOWN_FILTERS.has(name) || value === undefined || value === null) return null;
  const filter = FILTER_LABELS[name] ? t(FILTER_LABELS[name]) : name;
  if (value === true) return filter;
  if (value === false) return t("privacy.audit.details.filterOff", { filter });
  // A tag's id says nothing to a reader: that a tag was filtered on does.
  if (name === "tag") return filter;
  return t("privacy.audit.details.filterValue", { filter, value: valueLabel(name, value, t) });
}

function valueLabel(name: string, value: unknown, t: Translate): string {
  if ((name === "stage" || name === "from" || name === "to") && isOneOf(REGISTRATION_STAGES, value))
    return t(`panel.stages.${value}`);
  if (isOneOf(ROLES, value)) return t(`dashboard.roles.${value}`);
  if (name === "guardianStatus" && isOneOf(GUARDIAN_STATUSES, value)) return t(`privacy.guardian.statuses.${value}`);
  return plain(value, t);
}

/** A value with no words of its own: yes/no, numbers, lists joined, objects as "name: value". */
function plain(value: unknown, t: Translate): string {
  if (typeof value === "boolean") return t(value ? "registrant.values.yes" : "registrant.values.no");
  if (Array.isArray(value)) return value.map((item) => plain(item, t)).join(", ");
  if (value !== null && typeof value === "object")
    return Object.entries(value)
      .map(([key, inner]) => `${key}: ${plain(inner, t)}`)
      .join(", ");
  return String(value);
}

type Describe = (value: unknown, details: Record<string, unknown>, t: Translate) => string | null;

const count = (value: unknown) => (Array.isArray(value) ? value.length : Number(value));

const DESCRIBE: Record<string, Describe> = {
  fields: (value, _, t) =>
    t("privacy.audit.details.fields", {
      fields: (Array.isArray(value) ? value : [value]).map((name) => fieldLabel(name, t)).join(", "),
    }),
  kind: (value, _, t) => (isOneOf(PHOTO_KINDS, value) ? t(`public.photos.kinds.${value}`) : plain(value, t)),
  size: (value, _, t) => (value === "thumb" ? t("privacy.audit.details.thumbnail") : null),
  filters: (value, _, t) => {
    const lines = Object.entries(value && typeof value === "object" ? value : {})
      .map(([name, inner]) => filterLine(name, inner, t))
      .filter((line): line is string => line !== null);
    return lines.length > 0
      ? t("privacy.audit.details.filters", { filters: lines.join(", ") })
      : t("privacy.audit.details.noFilters");
  },
  search: (value, _, t) => (value === true ? t("privacy.audit.details.search") : null),
  ids: (value, _, t) => (count(value) > 0 ? t("privacy.audit.details.selected", { count: count(value) }) : null),
  registrationIds: (value, _, t) => t("privacy.audit.details.registrations", { count: count(value) }),
  tagIds: (value, _, t) => t("privacy.audit.details.tags", { count: count(value) }),
  recipients: (value, _, t) => (value === null ? null : t("privacy.audit.details.recipients", { count: count(value) })),
  stage: (value, _, t) => (value === null ? null : t("privacy.audit.details.stage", { stage: valueLabel("stage", value, t) })),
  status: (value, _, t) =>
    value === "waiting" || value === "offered" ? t(`privacy.audit.details.waitlistStatus.${value}`) : plain(value, t),
  keep: (value, _, t) => t(value ? "privacy.audit.details.keep.on" : "privacy.audit.details.keep.off"),
  version: (value, _, t) => t("privacy.audit.details.version", { version: Number(value) }),
  retentionMonths: (value, _, t) => t("privacy.audit.details.retentionMonths", { count: Number(value) }),
  outboxRetentionDays: (value, _, t) => t("privacy.audit.details.outboxDays", { count: Number(value) }),
  by: (value, _, t) =>
    value === "registrant" || value === "staff" || value === "retention"
      ? t(`privacy.audit.details.by.${value}`)
      : plain(value, t),
  // A change reads as one line: from → to (a stage, a role).
  from: (value, details, t) =>
    t("privacy.audit.details.change", { from: valueLabel("from", value, t), to: valueLabel("to", details.to, t) }),
  to: (value, details, t) => ("from" in details ? null : t("privacy.audit.details.changeTo", { to: valueLabel("to", value, t) })),
  invited: (value, _, t) => (value === true ? t("privacy.audit.details.invited") : null),
  role: (value, _, t) => t("privacy.audit.details.role", { role: valueLabel("role", value, t) }),
  // An admin's own words: why a minor was let in without the guardian's approval (issue 32).
  reason: (value, _, t) => t("privacy.audit.details.reason", { reason: plain(value, t) }),
  // An API token (issue 37): its name, what it was given, until when.
  token: (value, _, t) => t("privacy.audit.details.token", { name: plain(value, t) }),
  permissions: (value, _, t) => t("privacy.audit.details.permissions", { count: count(value), names: plain(value, t) }),
  expiresAt: (value, _, t) =>
    value === null ? t("privacy.audit.details.neverExpires") : t("privacy.audit.details.expires", { at: plain(value, t) }),
  // A selection shown to a client (issue 36): whom the link is for, and whether it asks a password.
  share: (value, _, t) => t("privacy.audit.details.share", { name: plain(value, t) }),
  password: (value, _, t) => (value === true ? t("privacy.audit.details.password") : null),
  // Ids: the row's names say who and what.
  entryId: () => null,
  selectionId: () => null,
  shareId: () => null,
  photoId: () => null,
  timeslotId: () => null,
  campaignId: () => null,
};

/** The lines of a row's details, in the order they were recorded. */
export function auditDetailLines(details: Record<string, unknown>, t: Translate): string[] {
  return Object.entries(details)
    .map(([name, value]) => {
      const describe = DESCRIBE[name];
      return describe ? describe(value, details, t) : t("privacy.audit.details.other", { name, value: plain(value, t) });
    })
    .filter((line): line is string => line !== null && line !== "");
}
