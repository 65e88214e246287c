// `npm run db:migrate`: applies the committed migrations to the configured database
// (the server also does this at start).
import { loadConfig } from "../src/server/config";
import { openDatabase } from "../src/server/db/client";

const config = loadConfig();
const database = await openDatabase({ url: config.databaseUrl, dataDir: `${config.dataDir}/pglite` });
await database.migrate();
await database.close();
console.log(`Migrated the ${database.kind === "pg" ? "PostgreSQL" : "embedded PGlite"} database.`);
