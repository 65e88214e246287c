/**
 * The registrant's e-mails: the verification link after registering, and the confirmation with the
 * event's confirmation details once the e-mail is verified. Spanish; links built from PUBLIC_URL only.
 */
import { PRODUCT_NAME } from "@common/constants";
import { formatDateLong, formatTimeRange } from "@common/dates";
import { renderLayout, type EmailContent } from "../../mail/layout";

export interface RegistrationEmailInput {
  fullName: string;
  registrationCode: string;
  event: { eventName: string; eventDate: string; location: string; confirmationDetails?: string };
  timeslot: { startTime: string; endTime: string } | null;
}

function eventDetails(input: RegistrationEmailInput): Array<[string, string]> {
  return [
    ["Código de registro", input.registrationCode],
    ["Evento", input.event.eventName],
    ["Fecha", formatDateLong(input.event.eventDate)],
    ...(input.timeslot
      ? [["Horario", formatTimeRange(input.timeslot.startTime, input.timeslot.endTime)] as [string, string]]
      : []),
    ["Lugar", input.event.location],
  ];
}

export function verificationEmail(input: RegistrationEmailInput & { verifyUrl: string; ttlHours: number }): EmailContent {
  return renderLayout({
    subject: `Confirmá tu registro para ${input.event.eventName}`,
    greeting: `¡Hola, ${input.fullName}!`,
    paragraphs: [
      `Recibimos tu registro para ${input.event.eventName} en ${PRODUCT_NAME}. Para confirmarlo, verificá tu correo electrónico con el botón de abajo.`,
      `El enlace vence en ${input.ttlHours} horas. Si no te registraste, ignorá este mensaje.`,
    ],
    details: eventDetails(input),
    action: { label: "Verificar mi correo", url: input.verifyUrl },
  });
}

export function confirmationEmail(input: RegistrationEmailInput & { verifyUrl: string }): EmailContent {
  const details = input.event.confirmationDetails?.trim();
  return renderLayout({
    subject: `Registro confirmado: ${input.event.eventName}`,
    greeting: `¡Hola, ${input.fullName}!`,
    paragraphs: [
      `Tu correo fue verificado y tu registro para ${input.event.eventName} está confirmado. Guardá tu código de registro: te lo vamos a pedir en el casting.`,
      ...(details ? [`Información importante:\n${details}`] : []),
      "Podés volver a ver tu registro y descargar tu ficha en PDF desde este enlace.",
    ],
    details: eventDetails(input),
    action: { label: "Ver mi registro", url: input.verifyUrl },
  });
}
