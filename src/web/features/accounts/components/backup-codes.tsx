import { useT } from "@web/lib/language";
import { CopyButton } from "./copy-button";

export function BackupCodes({ codes }: { codes: string[] }) {
  const t = useT();
  return (
    <div className="grid gap-2">
      <ul
        className="grid grid-cols-2 gap-2 rounded-md border bg-muted/40 p-3 font-mono text-sm sm:grid-cols-3"
        aria-label={t("accounts.security.backupTitle")}
      >
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ul>
      <CopyButton value={codes.join("\n")} />
    </div>
  );
}
