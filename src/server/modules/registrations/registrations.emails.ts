/**
 * The registrant's verification e-mail, sent again on staff request. Written so that the public
 * registration flow (issue 6) can send the same message: it takes only what the e-mail shows.
 */
import { formatDateLong, formatTimeRange } from "@common/dates";
import { renderLayout } from "../../mail/layout";
import type { OutgoingEmail } from "../../mail/outbox";

export interface RegistrationVerificationEmailInput {
  to: string;
  fullName: string;
  eventName: string;
  eventDate: string;
  location: string;
  startTime: string;
  endTime: string;
  registrationCode: string;
  /** Absolute link to /verify/{token}, built from config.publicUrl. */
  verifyUrl: string;
  ttlHours: number;
}

export function registrationVerificationEmail(input: RegistrationVerificationEmailInput): OutgoingEmail {
  return {
    kind: "registration_verification",
    to: input.to,
    ...renderLayout({
      subject: `Confirmá tu registro para ${input.eventName}`,
      greeting: `Hola ${input.fullName}:`,
      paragraphs: [
        `Recibimos tu registro para ${input.eventName}. Para confirmarlo, verificá tu correo electrónico con el botón de abajo.`,
        `El enlace vale durante ${input.ttlHours} horas. Si no te registraste, ignorá este correo.`,
      ],
      details: [
        ["Código de registro", input.registrationCode],
        ["Evento", input.eventName],
        ["Fecha", formatDateLong(input.eventDate)],
        ["Horario", formatTimeRange(input.startTime, input.endTime)],
        ["Lugar", input.location],
      ],
      action: { label: "Verificar mi correo", url: input.verifyUrl },
    }),
  };
}
