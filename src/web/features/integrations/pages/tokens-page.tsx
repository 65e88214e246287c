import type { CreatedToken } from "@common/schemas/tokens";
import { TOKEN_CAPABILITIES } from "@common/schemas/tokens";
import { useState } from "react";
import { Alert, AlertDescription } from "@web/components/ui/alert";
import { Card, CardContent, CardHeader } from "@web/components/ui/card";
import { PageHeader } from "@web/components/ui/page-header";
import { Loading } from "@web/components/ui/spinner";
import { can, useSession } from "@web/features/accounts";
import { useT } from "@web/lib/language";
import { useTokens } from "../api/list-tokens";
import { CreateTokenForm, TOKEN_NAME_FIELD_ID } from "../components/create-token-form";
import { TOKENS_LIST_TITLE_ID } from "../components/revoke-token-dialog";
import { SecretPanel } from "../components/secret-panel";
import { TokensTable } from "../components/tokens-table";

function TokenList() {
  const t = useT();
  const tokens = useTokens();
  if (tokens.isError) return <p className="text-destructive">{t("integrations.tokens.loadFailed")}</p>;
  if (!tokens.data) return <Loading text={t("common.loading")} />;
  if (tokens.data.items.length === 0) return <p className="text-sm text-muted-foreground">{t("integrations.tokens.empty")}</p>;
  return <TokensTable tokens={tokens.data.items} />;
}

/**
 * /dashboard/admin/tokens (issue 37): API tokens, each holding some of its maker's capabilities, for
 * another system to call the API with `Authorization: Bearer`. The route is guarded by tokens.manage;
 * the check here covers a session that changed under the open page.
 */
export function TokensPage() {
  const t = useT();
  const session = useSession();
  const [created, setCreated] = useState<CreatedToken | null>(null);
  const user = session.data;
  // The panel goes away with the focus in it: focus returns to the form, ready for another token.
  const closePanel = () => {
    setCreated(null);
    requestAnimationFrame(() => document.getElementById(TOKEN_NAME_FIELD_ID)?.focus());
  };
  const header = <PageHeader title={t("integrations.tokens.title")} description={t("integrations.tokens.intro")} />;

  if (!user) return <Loading text={t("common.loading")} />;
  if (!can(user, "tokens.manage"))
    return (
      <div className="grid max-w-5xl gap-4">
        {header}
        <Alert variant="destructive">
          <AlertDescription>{t("common.errors.forbidden")}</AlertDescription>
        </Alert>
      </div>
    );

  // A token holds only capabilities its maker holds: the others are not offered.
  const offered = TOKEN_CAPABILITIES.filter((capability) => can(user, capability));
  return (
    <div className="grid max-w-5xl min-w-0 gap-6">
      {header}
      {created ? (
        <SecretPanel
          key={created.id}
          fieldId="created-token"
          title={t("integrations.tokens.created", { name: created.name })}
          label={t("integrations.tokens.tokenField")}
          secret={created.token}
          onDone={closePanel}
        />
      ) : null}
      <Card>
        <CardHeader>
          <h2 className="text-lg font-semibold leading-tight tracking-tight">{t("integrations.tokens.createTitle")}</h2>
        </CardHeader>
        <CardContent>
          <CreateTokenForm offered={offered} onCreated={setCreated} />
        </CardContent>
      </Card>
      <section aria-labelledby={TOKENS_LIST_TITLE_ID} className="grid min-w-0 gap-3">
        <h2 id={TOKENS_LIST_TITLE_ID} tabIndex={-1} className="text-lg font-semibold focus-visible:outline-none">
          {t("integrations.tokens.listTitle")}
        </h2>
        <TokenList />
      </section>
    </div>
  );
}

export const Component = TokensPage;
