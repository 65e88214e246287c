/** What seed-registrations.ts puts in the database, for the journeys to refer to. */
export const SEED = {
  eventName: "Casting Ñandú 2026",
  /** Registrations of the event, the pending one included. */
  total: 45,
  pendingName: "Ñandú Peña",
  member: { name: "Mora Miembro", email: "miembro@agency.test", password: "member-password-123", role: "member" as const },
  admin: { name: "Ada Admin", email: "ada.admin@agency.test", password: "admin-password-123", role: "admin" as const },
} as const;
