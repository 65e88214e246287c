/** The dashboard shell (SPEC.md §2 "Dashboard shell"). */
export const dashboard = {
  productName: "OpenCall",
  openMenu: "Abrir menú",
  closeMenu: "Cerrar menú",
  navLabel: "Menú del panel",
  groups: {
    scouting: "Scouting",
    administration: "Administration",
  },
  items: {
    events: "Events",
    registrations: "Registrations",
    users: "Users",
    mailbox: "Mailbox",
  },
  roles: { superadmin: "superadmin", admin: "admin", member: "member" },
  skipToContent: "Saltar al contenido",
} as const;
