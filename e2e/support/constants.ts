export const E2E_SUPERADMIN = { email: "superadmin@agency.test", password: "e2e-superadmin-password" } as const;
