/** Texts shared by every screen. Quoted texts of SPEC.md appear here verbatim. */
export const common = {
  signIn: "Iniciar Sesión",
  signOut: "Sign Out",
  theme: { label: "Theme", toDark: "Cambiar a tema oscuro", toLight: "Cambiar a tema claro", dark: "Oscuro", light: "Claro" },
  skipToContent: "Saltar al contenido",
  homeLink: "OpenCall, inicio",
  publicNav: "Principal",
  footer: {
    rights: (year: number) => `© ${year} OpenCall. Todos los derechos reservados.`,
    contact: "Contacto:",
    forAgencies: "Para agencias",
  },
  notFound: {
    code: "Error 404",
    title: "Página no encontrada",
    body: "La página que buscás no existe o cambió de dirección. Revisá el enlace o volvé al inicio.",
    back: "Volver al inicio",
  },
  loading: "Cargando...",
  retry: "Reintentar",
} as const;
