import type { Translate } from "@common/i18n";
import { isMailKind } from "@common/schemas/mailbox";

/** An e-mail's kind as staff read it ('Verificación de registro'); a kind no longer written reads 'Otro correo'. */
export function mailKindLabel(t: Translate, kind: string): string {
  return isMailKind(kind) ? t(`mailbox.kinds.${kind}`) : t("mailbox.otherKind");
}
