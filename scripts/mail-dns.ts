// `npm run mail:dns`: the DNS records that make the agency's mail provably its own (SPF, the DKIM
// public key derived from DKIM_PRIVATE_KEY, DMARC), as zone-file lines to publish at the DNS host.
// docs/deploy.md, "Signed mail", explains each.
import { loadConfig, loadEnvFile } from "../src/server/config";
import { mailDnsRecords, zoneLine } from "../src/server/mail/dkim";

loadEnvFile();
const config = loadConfig();
if (!config.dkim) {
  console.error("No DKIM key configured: set DKIM_DOMAIN, DKIM_SELECTOR and DKIM_PRIVATE_KEY (or DKIM_PRIVATE_KEY_FILE).");
  process.exit(1);
}
for (const record of mailDnsRecords({ mailFrom: config.mailFrom, smtpUrl: config.smtpUrl, dkim: config.dkim })) {
  console.log(`; ${record.purpose}`);
  console.log(zoneLine(record));
}
