/**
 * What /authentic is rendered with (issue 39): the agency's upcoming open calls with their
 * official links, the only addresses and domains it writes from (MAIL_FROM, the agency's contact
 * address, DKIM_DOMAIN) and the report form's signed token.
 */
import { todayIso } from "@common/dates";
import type { AuthenticPageState } from "@common/schemas/authentic";
import type { Config } from "../../config";
import type { Db } from "../../db/client";
import { addressDomain } from "../../mail/dkim";
import { senderAddress } from "../../mail/transport";
import { issueFormToken } from "./authentic.form-token";
import { createAuthenticService } from "./authentic.service";

const unique = (values: Array<string | undefined>) => [...new Set(values.filter((value): value is string => Boolean(value)))];

export async function authenticPageState(
  deps: { db: Db; config: Config },
  agency: { contactEmail: string },
  now = new Date(),
): Promise<AuthenticPageState> {
  const { config } = deps;
  const from = senderAddress(config.mailFrom).toLowerCase();
  const host = new URL(config.publicUrl).host;
  return {
    events: await createAuthenticService(deps).upcomingEvents(todayIso(now)),
    addresses: unique([from, agency.contactEmail.toLowerCase()]),
    domains: unique([addressDomain(from), config.dkim?.domain, new URL(config.publicUrl).hostname]),
    host,
    formToken: issueFormToken(config, now),
  };
}
