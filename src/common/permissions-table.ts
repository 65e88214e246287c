/** The capability table as docs/permissions.md prints it (src/server/test/permissions-doc.test.ts keeps the two equal). */
import { CAPABILITIES, CAPABILITY_NAMES, ROLES, roleCan } from "./permissions";

export function permissionsTableMarkdown(): string {
  const header = `| capability | what it allows | ${ROLES.join(" | ")} |`;
  const rule = `| --- | --- | ${ROLES.map(() => ":---:").join(" | ")} |`;
  const rows = CAPABILITY_NAMES.map(
    (name) =>
      `| \`${name}\` | ${CAPABILITIES[name].summary} | ${ROLES.map((role) => (roleCan(role, name) ? "✓" : "")).join(" | ")} |`,
  );
  return [header, rule, ...rows].join("\n");
}
