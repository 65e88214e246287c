/** The public home (/) and the marketing page for agencies (/landing), in Spanish (Argentina). */
export const landing = {
  home: {
    eyebrow: "Castings abiertos para agencias de modelos",
    headline: "Castings abiertos, sin planillas ni filas eternas",
    body: "OpenCall organiza los castings abiertos de tu agencia: horarios con cupo, inscripción desde el celular, fichas en PDF y un panel para evaluar a cada postulante.",
    moreInfo: "Conocé OpenCall para agencias",
    highlights: ["Horarios con cupo", "Fichas en PDF", "Evaluación en equipo"],
  },
  hero: {
    eyebrow: "Para agencias de modelos y equipos de casting",
    title: "Tus castings abiertos, organizados de punta a punta",
    body: "OpenCall reemplaza las planillas, los formularios sueltos y los mensajes perdidos por un solo lugar: publicás la convocatoria, las postulantes se inscriben desde el celular y tu equipo evalúa cada perfil con toda la información a mano.",
    start: "Empezar ahora",
    signIn: "Iniciar Sesión",
    note: "Funciona en el navegador, en la computadora y en el celular. Sin instalar nada.",
  },
  preview: {
    label: "Vista previa de un evento en OpenCall",
    status: "Activo",
    event: "Casting abierto · Temporada Primavera",
    place: "Palermo, CABA",
    date: "14/06/26",
    slots: [
      { time: "10:00 – 12:00", taken: 18, capacity: 20 },
      { time: "12:00 – 14:00", taken: 11, capacity: 20 },
      { time: "15:00 – 17:00", taken: 20, capacity: 20 },
    ],
    full: "Completo",
    spots: (n: number) => `${n} lugares`,
    registrations: "Ver registros (49)",
  },
  features: {
    title: "Todo lo que necesita un casting abierto",
    intro: "Desde la convocatoria hasta la selección final, cada paso queda registrado en el mismo lugar.",
    items: [
      {
        title: "Eventos con horarios y cupos",
        body: "Creá cada convocatoria con fecha, lugar y franjas horarias con cupo máximo. Cuando un horario se llena deja de ofrecerse: nunca hay más gente que lugares.",
      },
      {
        title: "Inscripción desde el celular",
        body: "Compartí un enlace y las postulantes cargan sus datos y medidas, eligen horario y confirman su correo. Cada una descarga su ficha de registro en PDF con un código único.",
      },
      {
        title: "Evaluación en equipo",
        body: "Marcá favoritas, registrá la asistencia y calificá de 1 a 5 estrellas. Filtrá por evento, calificación o nombre y encontrá en segundos el perfil que buscás.",
      },
      {
        title: "Correos masivos con historial",
        body: "Escribiles a las modelos seleccionadas en un solo envío y seguí el estado de cada destinatario. El historial muestra qué campañas recibió cada persona.",
      },
    ],
  },
  benefits: {
    title: "Por qué las agencias eligen OpenCall",
    items: [
      {
        title: "Menos trabajo administrativo",
        body: "Se terminaron los datos copiados a mano y las fichas incompletas: el formulario valida edad, medidas y contacto antes de que lleguen a tu equipo.",
      },
      {
        title: "Jornadas de casting sin filas",
        body: "Cada persona llega en el horario que eligió y con su código de registro. Sabés de antemano cuántas vienen y a qué hora, y organizás el día con calma.",
      },
      {
        title: "Los datos son de tu agencia",
        body: "Exportá los registros a CSV cuando quieras, con todos los campos y listos para abrir en Excel. La información queda en la base de datos de tu agencia.",
      },
      {
        title: "Acceso seguro para tu equipo",
        body: "Cada integrante entra con su propia cuenta. Un administrador aprueba las cuentas nuevas y decide quién crea eventos o les escribe a las modelos.",
      },
    ],
  },
  closing: {
    title: "¿Listos para el próximo casting?",
    body: "Creá tu primer evento en minutos y compartí el enlace de inscripción hoy mismo.",
  },
} as const;
