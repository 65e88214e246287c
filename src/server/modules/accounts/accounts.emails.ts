import { PRODUCT_NAME } from "@common/constants";
import { signUpAttempt } from "@common/texts/accounts";
import { renderLayout } from "../../mail/layout";
import type { OutgoingEmail } from "../../mail/outbox";

interface Recipient {
  to: string;
  name: string;
}

export function staffVerificationEmail({ to, name, url }: Recipient & { url: string }): OutgoingEmail {
  return {
    kind: "staff_verification",
    to,
    ...renderLayout({
      subject: `Confirmá tu correo en ${PRODUCT_NAME}`,
      greeting: `Hola ${name}:`,
      paragraphs: [
        `Recibimos tu solicitud de cuenta de staff en ${PRODUCT_NAME}. Confirmá tu dirección de correo electrónico con el botón de abajo.`,
        "Después de la verificación, un administrador revisará tu perfil. Te avisaremos por correo cuando tu cuenta esté aprobada.",
      ],
      action: { label: "Confirmar mi correo", url },
    }),
  };
}

export function passwordResetEmail({ to, name, url }: Recipient & { url: string }): OutgoingEmail {
  return {
    kind: "password_reset",
    to,
    ...renderLayout({
      subject: `Restablecé tu contraseña de ${PRODUCT_NAME}`,
      greeting: `Hola ${name}:`,
      paragraphs: [
        "Alguien (esperamos que vos) pidió restablecer la contraseña de tu cuenta. El enlace vale durante una hora.",
        "Si no fuiste vos, ignorá este correo: tu contraseña sigue siendo la misma.",
      ],
      action: { label: "Elegir una contraseña nueva", url },
    }),
  };
}

export function profileApprovedEmail({ to, name, url }: Recipient & { url: string }): OutgoingEmail {
  return {
    kind: "profile_approved",
    to,
    ...renderLayout({
      subject: `Tu cuenta de ${PRODUCT_NAME} fue aprobada`,
      greeting: `Hola ${name}:`,
      paragraphs: [`Un administrador aprobó tu cuenta de staff en ${PRODUCT_NAME}. Ya podés iniciar sesión y usar el panel.`],
      action: { label: "Iniciar sesión", url },
    }),
  };
}

export function adminInvitationEmail({ to, url, invitedBy }: { to: string; url: string; invitedBy: string }): OutgoingEmail {
  return {
    kind: "admin_invitation",
    to,
    ...renderLayout({
      subject: `Te invitaron como administrador de ${PRODUCT_NAME}`,
      greeting: "Hola:",
      paragraphs: [
        `${invitedBy} te invitó a ${PRODUCT_NAME} como administrador. Elegí una contraseña con el botón de abajo para activar tu cuenta.`,
        "El enlace vale durante 72 horas. Si no esperabas esta invitación, ignorá este correo.",
      ],
      action: { label: "Elegir mi contraseña", url },
    }),
  };
}

export function signInUnlockEmail({ to, name, url }: Recipient & { url: string }): OutgoingEmail {
  return {
    kind: "sign_in_unlock",
    to,
    ...renderLayout({
      subject: `Desbloqueá el inicio de sesión en ${PRODUCT_NAME}`,
      greeting: `Hola ${name}:`,
      paragraphs: [
        `Hubo muchos intentos fallidos de iniciar sesión con tu cuenta de ${PRODUCT_NAME}, así que la bloqueamos por un rato para quien no use un dispositivo conocido.`,
        "Si fuiste vos, abrí el enlace en el navegador donde querés iniciar sesión: ese dispositivo quedará habilitado. El enlace vale durante una hora.",
        "Si no fuiste vos, no hace falta que hagas nada: tu contraseña no cambió. Si te preocupa, cambiala desde la página de inicio de sesión.",
      ],
      action: { label: "Desbloquear este dispositivo", url },
    }),
  };
}

/**
 * To an account's owner when someone signs up with their address: the sign-up itself answers as for
 * a new address (no enumeration), so the owner learns of it here. Only the stored name is used,
 * never what the sign-up typed.
 */
export function signUpAttemptEmail({ to, name, url }: Recipient & { url: string }): OutgoingEmail {
  const t = signUpAttempt.mail;
  return {
    kind: "staff_sign_up_attempt",
    to,
    ...renderLayout({
      subject: t.subject(PRODUCT_NAME),
      greeting: t.greeting(name),
      paragraphs: [...t.paragraphs(PRODUCT_NAME)],
      action: { label: t.action, url },
    }),
  };
}
