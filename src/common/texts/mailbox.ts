/** The Mailbox: every e-mail of the outbox, for admins (the development mailbox and delivery log). */
import type { OutboxStatus } from "../schemas/mailbox";

export const mailbox = {
  title: "Mailbox",
  description:
    "Todos los correos de OpenCall, del más nuevo al más antiguo. Sin servidor SMTP (SMTP_URL vacío, en desarrollo) quedan acá sin enviarse: abrí uno para seguir sus enlaces.",
  loading: "Cargando correos...",
  loadingMessage: "Cargando correo...",
  empty: "Todavía no hay correos.",
  loadFailed: "No se pudieron cargar los correos.",
  messageLoadFailed: "No se pudo cargar el correo.",
  notFound: "Este correo no existe.",
  listLabel: "Correos",
  to: "Para",
  kind: "Tipo",
  status: "Estado",
  createdAt: "Creado",
  sentAt: "Enviado",
  attempts: "Intentos",
  smtpResponse: "Respuesta del servidor",
  lastError: "Último error",
  noSubject: "(sin asunto)",
  back: "Volver al Mailbox",
  previous: "Anterior",
  next: "Siguiente",
  pageOf: (page: number, pages: number) => `Página ${page} de ${pages}`,
  total: (count: number) => (count === 1 ? "1 correo" : `${count} correos`),
  paginationLabel: "Paginación de correos",
  links: "Enlaces del correo",
  htmlTab: "HTML",
  textTab: "Texto",
  htmlFrameTitle: "Vista HTML del correo",
  linksHidden:
    "Los enlaces están ocultos: este correo es de otra cuenta del staff y sus enlaces dan acceso a ella. Solo esa cuenta o un superadmin los ven.",
  statuses: {
    pending: "Pendiente",
    sending: "Enviando",
    sent: "Enviado",
    failed: "Fallido",
    undelivered: "No enviado (sin SMTP)",
  } satisfies Record<OutboxStatus, string>,
  /** While the list loads: neither claim (with or without SMTP) is known yet. */
  intro: "Todos los correos de OpenCall, del más nuevo al más antiguo.",
  descriptionSmtp:
    "Todos los correos de OpenCall, del más nuevo al más antiguo, con el resultado de su envío al servidor SMTP configurado.",
} as const;
