/** The tracked links' errors (issue 38), declared once: code, status and the catalogue's text. */
import { t } from "@common/i18n";
import { AppError } from "../../errors";

export const linkErrors = {
  notFound: () => new AppError(404, "link_not_found", t("insights.links.errors.notFound")),
  /** The event has a link of that slug: named under the form's field too. */
  slugTaken: (slug: string) =>
    new AppError(409, "link_slug_taken", t("insights.links.errors.slugTaken", { slug }), {
      slug: t("insights.links.errors.slugTaken", { slug }),
    }),
};
