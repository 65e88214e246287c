/** What other features and the app use of staff accounts. */
export { sessionQueryOptions, useSession } from "./api/get-session";
export { can, useCan } from "./can";
export { useSignOut, useSignOutListener } from "./api/sign-out";
export { useAccountLanguage } from "./hooks/use-account-language";
export { AwaitingApproval } from "./components/awaiting-approval";
export { RoleBadge } from "./components/role-badge";
