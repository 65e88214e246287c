/** Texts shared by every screen. Quoted texts of SPEC.md appear here verbatim. */
export const common = {
  signIn: "Iniciar Sesión",
  signOut: "Sign Out",
  theme: { label: "Theme", toDark: "Cambiar a tema oscuro", toLight: "Cambiar a tema claro" },
  footer: {
    rights: (year: number) => `© ${year} OpenCall. Todos los derechos reservados.`,
    contact: "Contacto:",
  },
  notFound: {
    title: "Página no encontrada",
    body: "La página que buscás no existe o fue movida.",
    back: "Volver al inicio",
  },
  home: {
    headline: "Castings abiertos, sin planillas ni filas eternas",
    body: "OpenCall organiza los castings abiertos de tu agencia: horarios con cupo, inscripción desde el celular, fichas en PDF y un panel para evaluar a cada postulante.",
    moreInfo: "Conocé OpenCall para agencias",
  },
  loading: "Cargando...",
  retry: "Reintentar",
} as const;
