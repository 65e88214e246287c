/** Batch e-mail and its history (SPEC.md "E-mail modal", "Email history tab", §4, §8, §9). */
import { CAMPAIGN_RECIPIENT_ADVICE } from "../constants";

export const campaigns = {
  sendButton: "Enviar email",
  modal: {
    title: "Enviar correo a modelos seleccionados",
    description: "El mensaje se envía por separado a cada modelo seleccionado.",
    subject: "Asunto",
    defaultSubject: "Información importante sobre tu registro",
    message: "Mensaje",
    isHtml: "El mensaje contiene HTML",
    placeholdersHelp: "Podés usar {nombre}, {codigo}, {evento}, {fecha} y {horario}: se reemplazan con los datos de cada modelo.",
    recipients: (n: number) => `Destinatarios: ${n}`,
    advice: `Recomendación: no envíes a más de ${CAMPAIGN_RECIPIENT_ADVICE} destinatarios por lote.`,
    cancel: "Cancelar",
    send: "Enviar",
    sending: "Enviando...",
    confirm: (n: number) => `¿Confirmas el envío de emails a ${n} modelos?`,
    confirmYes: "Sí, enviar",
    back: "Volver",
  },
  alerts: {
    success: (message: string) => `Emails enviados correctamente: ${message}`,
    failure: (reason: string) => `Error al enviar emails: ${reason}`,
    unknownError: "Error desconocido",
  },
  history: {
    title: "Historial de emails",
    loading: "Cargando historial de emails...",
    empty: "No hay campañas de correo para mostrar",
    noRecipients: "No hay información de destinatarios disponible",
    loadError: "Failed to load email campaign history",
    unknownEvent: "Evento desconocido",
    unknownSender: "Desconocido",
    recipientsCount: (n: number) => (n === 1 ? "1 destinatario" : `${n} destinatarios`),
    sentBy: "Enviado por",
    sentAt: "Enviado el",
    showDetails: "Ver detalle",
    hideDetails: "Ocultar detalle",
    content: "Contenido",
    contentFrameTitle: (subject: string) => `Contenido del correo: ${subject}`,
    recipients: "Destinatarios",
    progress: (done: number, total: number) => `${done} de ${total} procesados`,
    columns: { name: "Nombre", email: "Email", status: "Estado", date: "Fecha" },
    failureReason: "Motivo del fallo",
  },
  campaignStatus: {
    completed: "Completado",
    failed: "Fallido",
    in_progress: "En progreso",
    partial: "Parcial",
  },
  recipientStatus: {
    sent: "Enviado",
    failed: "Fallido",
    read: "Leído",
    // Not in the spec's list (its recipients were never waiting): a queued message is not yet sent.
    queued: "En cola",
  },
  badge: {
    label: (n: number) => `Incluido en ${n} campaña(s) de correo para este evento`,
    popupTitle: "Campañas de correo",
    loading: "Cargando campañas...",
    error: "No se pudieron cargar las campañas.",
  },
  email: {
    queued: (n: number) => (n === 1 ? "1 correo en cola de envío" : `${n} correos en cola de envío`),
  },
  errors: {
    subjectRequired: "El asunto es obligatorio.",
    contentRequired: "El mensaje es obligatorio.",
    registrationsNotInEvent: "Algunos registros seleccionados no pertenecen a este evento.",
    campaignNotFound: "Campaña no encontrada.",
    registrationNotFound: "Registro no encontrado.",
  },
  /** Why a recipient's message was not sent, kept on the recipient for the history screen. */
  recipientErrors: {
    undelivered: "No enviado: no hay servidor SMTP configurado (SMTP_URL). El mensaje está en el Mailbox.",
    notQueued: "No enviado: el envío se interrumpió antes de encolar este mensaje.",
  },
} as const;
