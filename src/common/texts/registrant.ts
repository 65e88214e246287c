/**
 * The registrant's fields as people read them: one label per field (and a short one where the
 * form's label is a question or carries a unit), hints, the value words, and every message a
 * field's rule can give. The public form, the staff edit form, the staff list, the PDF sheet and
 * the server's validation answers all read these (src/common/registrant/fields.ts).
 */
export const registrantTexts = {
  labels: {
    fullName: "Nombre completo",
    dateOfBirth: "Fecha de nacimiento",
    location: "Ciudad / localidad",
    email: "Correo electrónico",
    phoneNumber: "Teléfono",
    height: "Altura (cm)",
    bust: "Busto (cm)",
    waist: "Cintura (cm)",
    hips: "Cadera (cm)",
    eyeColor: "Color de ojos",
    instagramHandle: "Instagram",
    internationalWork: "¿Disponible para trabajos internacionales?",
  },
  /** Where a detail is shown beside its value (the list, the PDF), when the form's label will not do. */
  shortLabels: {
    height: "Altura",
    bust: "Busto",
    waist: "Cintura",
    hips: "Cadera",
    internationalWork: "Trabajo internacional",
  } as Partial<Record<string, string>>,
  groups: { measurements: "Medidas" },
  hints: {
    phoneNumber: "Solo números, con código de área.",
    instagramHandle: "Tu usuario, sin @.",
  } as Partial<Record<string, string>>,
  sections: {
    personal: "Datos personales",
    measurements: "Medidas",
    extra: "Información adicional",
  },
  age: "Edad",
  ageValue: (age: number) => `${age} años`,
  values: {
    yes: "Sí",
    no: "No",
    notAvailable: "N/A",
    centimetres: (n: number) => `${n} cm`,
    instagram: (handle: string) => `@${handle}`,
    choose: "Seleccioná una opción",
    unspecified: "Sin especificar",
  },
  errors: {
    required: "Este campo es obligatorio.",
    tooLong: (max: number) => `Usá ${max} caracteres como máximo.`,
    controlCharacters: "Este campo tiene caracteres que no se pueden guardar.",
    invalidDate: "Ingresá una fecha de nacimiento válida.",
    underAge: "Debes ser mayor de 16 años para registrarte.",
    invalidEmail: "Ingresá un correo electrónico válido.",
    invalidPhone: "Ingresá un número de teléfono válido (solo números).",
    invalidInstagram: "Ingresá un usuario de Instagram válido.",
    between: (min: number, max: number) => `Ingresá un número entero entre ${min} y ${max}.`,
    eyeColor: "Elegí un color de ojos.",
    internationalWork: "Elegí Sí o No.",
  },
} as const;
