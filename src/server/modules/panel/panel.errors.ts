import { t } from "@common/i18n";
/** The panel module's errors (issue 23), declared once: code, status and the catalogue's text. */
import { AppError, errors } from "../../errors";

export const panelErrors = {
  notFound: () => new AppError(404, "not_found", t("panel.errors.notFound")),
  tagNotFound: () => new AppError(404, "not_found", t("panel.errors.tagNotFound")),
  tagExists: () => errors.conflict("tag_exists", t("panel.errors.tagExists")),
  unknownTags: () => errors.validation({ tagIds: t("panel.errors.unknownTags") }),
};
