// `npm run demo`: fills an EMPTY database with two scouting events, their slots and a few hundred
// registrations with realistic names, some liked, attended, rated or confirmed, so a newcomer
// sees a living product. Refuses to touch a database that already holds events or registrations.
import { count } from "drizzle-orm";
import { loadConfig, loadEnvFile } from "../src/server/config";
import { openDatabase } from "../src/server/db/client";
import { modelRegistrations, scoutingEvents } from "../src/server/db/schema";
import { seedEvent } from "./lib/seed";

loadEnvFile();
const config = loadConfig();
const database = await openDatabase({ url: config.databaseUrl, dataDir: `${config.dataDir}/pglite` });
try {
  await database.migrate();
  const [events] = await database.db.select({ n: count() }).from(scoutingEvents);
  const [registrations] = await database.db.select({ n: count() }).from(modelRegistrations);
  if ((events?.n ?? 0) > 0 || (registrations?.n ?? 0) > 0) {
    console.error(
      `The database is not empty (${events?.n ?? 0} events, ${registrations?.n ?? 0} registrations): the demo only fills an empty one.`,
    );
    process.exitCode = 1;
  } else {
    const autumn = await seedEvent(database.db, {
      seed: 2026,
      eventName: "Casting Otoño 2026",
      eventDate: "2026-04-18",
      location: "Av. Corrientes 1234, CABA",
      description: "Casting abierto para nuevas caras: moda, publicidad y pasarela.",
      confirmationDetails: "Traé tu ficha impresa, ropa ajustada de color liso y llegá 10 minutos antes.",
      slots: [
        { startTime: "10:00", endTime: "12:00", capacity: 80 },
        { startTime: "13:00", endTime: "15:00", capacity: 80 },
        { startTime: "15:00", endTime: "17:00", capacity: 60 },
      ],
      registrations: 210,
    });
    const summer = await seedEvent(database.db, {
      seed: 2025,
      eventName: "Open Call Verano Mar del Plata",
      eventDate: "2026-01-24",
      location: "Paseo Hermitage, Mar del Plata",
      description: "Convocatoria de verano para campañas de trajes de baño.",
      confirmationDetails: "Llevá traje de baño y protector solar.",
      status: "inactive",
      slots: [
        { startTime: "09:30", endTime: "11:30", capacity: 60 },
        { startTime: "12:00", endTime: "14:00", capacity: 60 },
      ],
      registrations: 110,
    });
    console.log(
      `Demo data ready: "${autumn.eventName}" (${autumn.registrations} registrations) and "${summer.eventName}" (${summer.registrations}).\n` +
        "Start the app with `npm start` (or `npm run dev`) and sign in as the superadmin.",
    );
  }
} finally {
  await database.close();
}
