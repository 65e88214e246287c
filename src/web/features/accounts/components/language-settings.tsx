import { LANGUAGES, isLanguage } from "@common/i18n";
import { Languages } from "lucide-react";
import { Card, CardContent, CardDescription, CardHeader } from "@web/components/ui/card";
import { Field, fieldAria } from "@web/components/ui/field";
import { NativeSelect } from "@web/components/ui/input";
import { useLanguage } from "@web/lib/language";
import { useUpdateLanguage } from "../api/update-language";

/** The account's language: saved on the server, and the app switches to it at once. */
export function LanguageSettings() {
  const { t, language } = useLanguage();
  const update = useUpdateLanguage();
  const error = update.isError ? t("accounts.language.failed") : undefined;
  return (
    <Card>
      <CardHeader>
        <h2 className="flex items-center gap-2 text-lg font-semibold">
          <Languages className="size-5 text-muted-foreground" aria-hidden="true" />
          {t("accounts.language.title")}
        </h2>
        <CardDescription>{t("accounts.language.body")}</CardDescription>
      </CardHeader>
      <CardContent>
        <Field id="account-language" label={t("common.language.label")} error={error} className="sm:max-w-xs">
          <NativeSelect
            {...fieldAria("account-language", error)}
            value={language}
            disabled={update.isPending}
            onChange={(event) => {
              const next = event.target.value;
              if (isLanguage(next) && next !== language) {
                update.mutate({ language: next });
              }
            }}
          >
            {LANGUAGES.map((option) => (
              <option key={option} value={option} lang={option}>
                {t(`common.language.names.${option}`)}
              </option>
            ))}
          </NativeSelect>
        </Field>
      </CardContent>
    </Card>
  );
}
