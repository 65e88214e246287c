import { formatDateTimeFor } from "@common/dates-language";
import type { ApiToken } from "@common/schemas/tokens";
import { useLanguage } from "@web/lib/language";
import { capabilityLabel } from "./capability-label";
import { RevokeTokenDialog } from "./revoke-token-dialog";

const HEAD = "px-3 py-2 text-left font-medium text-muted-foreground";
const CELL = "px-3 py-2 align-top";

/**
 * The tokens: name, what each may do, who made it and when, its expiry and last use, «Revocar».
 * At 360 px the table scrolls sideways inside a region the keyboard reaches (as the insights' tables do).
 */
export function TokensTable({ tokens }: { tokens: ApiToken[] }) {
  const { language, t } = useLanguage();
  const when = (moment: string | null) => (moment ? formatDateTimeFor(language, moment) : t("integrations.tokens.never"));
  return (
    <div
      className="relative overflow-x-auto rounded-xl border bg-card text-card-foreground shadow-sm focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
      tabIndex={0}
      role="region"
      aria-label={t("integrations.tokens.scrollRegion")}
    >
      <table className="w-full min-w-[44rem] text-sm">
        <caption className="sr-only">{t("integrations.tokens.listTitle")}</caption>
        <thead>
          <tr className="border-b">
            <th scope="col" className={HEAD}>
              {t("integrations.tokens.columns.name")}
            </th>
            <th scope="col" className={HEAD}>
              {t("integrations.tokens.columns.permissions")}
            </th>
            <th scope="col" className={HEAD}>
              {t("integrations.tokens.columns.created")}
            </th>
            <th scope="col" className={HEAD}>
              {t("integrations.tokens.columns.expires")}
            </th>
            <th scope="col" className={HEAD}>
              {t("integrations.tokens.columns.lastUsed")}
            </th>
            <th scope="col" className={HEAD}>
              <span className="sr-only">{t("integrations.tokens.columns.actions")}</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {tokens.map((token) => (
            <tr key={token.id} className="border-t first:border-t-0">
              <th scope="row" className={`${CELL} text-left font-medium wrap-break-word`}>
                {token.name}
              </th>
              <td className={`${CELL} max-w-72`}>
                <span className="font-medium">
                  {t("integrations.tokens.permissionCount", { count: token.permissions.length })}
                </span>
                <span className="mt-0.5 block text-xs text-muted-foreground">
                  {token.permissions.map((name) => capabilityLabel(t, name)).join(" · ")}
                </span>
              </td>
              <td className={CELL}>
                <span className="block whitespace-nowrap">{formatDateTimeFor(language, token.createdAt)}</span>
                <span className="block text-xs text-muted-foreground">
                  {t("integrations.tokens.createdBy", { name: token.createdBy.name })}
                </span>
              </td>
              <td className={`${CELL} whitespace-nowrap`}>{when(token.expiresAt)}</td>
              <td className={`${CELL} whitespace-nowrap`}>{when(token.lastUsedAt)}</td>
              <td className={`${CELL} text-right`}>
                <RevokeTokenDialog token={token} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
