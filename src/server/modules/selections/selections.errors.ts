/** The selections' errors (issue 36), declared once: code, status and the catalogue's text. */
import { t } from "@common/i18n";
import { AppError, errors } from "../../errors";

export const selectionErrors = {
  notFound: () => new AppError(404, "selection_not_found", t("selections.errors.notFound")),
  shareNotFound: () => new AppError(404, "share_not_found", t("selections.errors.shareNotFound")),
  /** Registrations that do not exist: named under the field, by id. */
  unknownRegistrations: (ids: string[]) =>
    errors.validation({ registrationIds: t("selections.errors.unknownRegistrations", { ids: ids.join(", ") }) }),
  /**
   * People who did not agree to be shown to clients, or minors whose guardian has not approved it:
   * each named, in the message (name and code) and in `fields` (by registration id).
   */
  consentRequired: (people: Array<{ id: string; fullName: string; registrationCode: string; awaitsGuardian: boolean }>) => {
    const reason = (person: (typeof people)[number]) =>
      t(person.awaitsGuardian ? "selections.errors.guardianRequired" : "selections.errors.noConsent", {
        name: person.fullName,
        code: person.registrationCode,
      });
    return new AppError(
      409,
      "consent_required",
      t("selections.errors.consentRequired", { names: people.map((p) => `${p.fullName} (${p.registrationCode})`).join(", ") }),
      Object.fromEntries(people.map((person) => [person.id, reason(person)])),
    );
  },
  expiry: (message: string) => errors.validation({ expiresAt: message }, message),
  /** The client's side: the link is unknown, expired or revoked (its photos too). */
  linkGone: () => new AppError(404, "share_not_found", t("selections.client.errors.gone")),
  /** A link that asks a password, opened without a valid unlock. */
  locked: () => new AppError(401, "share_locked", t("selections.client.errors.locked")),
  /** A wrong password, or a link that does not open (the same answer: no hint whether it exists). */
  wrongPassword: () =>
    new AppError(401, "share_password_wrong", t("selections.client.errors.wrongPassword"), {
      password: t("selections.client.errors.wrongPassword"),
    }),
  memberNotFound: () => new AppError(404, "not_found", t("selections.client.errors.memberNotFound")),
};
