import type { AccountLanguage, SessionUser } from "@common/schemas/accounts";
import { t } from "@common/i18n";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { toast } from "sonner";
import { api } from "@web/lib/api";
import { useLanguage } from "@web/lib/language";
import { sessionQueryOptions } from "./get-session";

function updateLanguage(body: AccountLanguage): Promise<AccountLanguage> {
  return api<AccountLanguage>("/api/account/language", { method: "PUT", body });
}

/**
 * Saves the account's language and switches the app to it at once. The session's copy changes
 * first, so the session's language (which the app follows, useAccountLanguage) never pulls the
 * app back; a refusal restores both.
 */
export function useUpdateLanguage() {
  const queryClient = useQueryClient();
  const { language: shown, setLanguage } = useLanguage();
  const sessionKey = sessionQueryOptions().queryKey;
  const setSaved = (language: SessionUser["language"]) =>
    queryClient.setQueryData(sessionKey, (user) => (user ? { ...user, language } : user));
  return useMutation({
    mutationFn: updateLanguage,
    onMutate: ({ language }) => {
      const previous = { saved: queryClient.getQueryData(sessionKey)?.language ?? null, shown };
      setSaved(language);
      setLanguage(language);
      return previous;
    },
    // Here rather than in mutate(): switching the language re-renders the routes, and a screen
    // mounted anew no longer receives mutate()'s callbacks.
    onSuccess: () => toast.success(t("accounts.language.saved")),
    onError: (_error, _body, previous) => {
      if (!previous) return;
      setSaved(previous.saved);
      setLanguage(previous.shown);
    },
  });
}
