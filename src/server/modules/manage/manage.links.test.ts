import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { modelRegistrations, type OutboxMessageRow } from "../../db/schema";
import { sendDueReminders } from "../../jobs/scheduler";
import { zonedInstant } from "../../lib/calendar";
import { manageUrl, registrationToken } from "../../lib/registration-links";
import { createEvent, createRegistration, linkIn, outboxFor, registrationBody, signedInAs } from "../../test/factories";
import { useTestApp } from "../../test/harness";

// Issue 19: every e-mail to a registrant carries their private link, on both databases.
const t = useTestApp();
const DATE = "2031-08-08";

/** Each kind of e-mail a registrant gets, the message as queued, and the link it must carry. */
const sent = new Map<string, { mail: OutboxMessageRow; link: string }>();

async function latest(email: string, kind: string) {
  const mail = (await outboxFor(t.db, email)).filter((m) => m.kind === kind).at(-1);
  if (!mail) throw new Error(`no ${kind} e-mail to ${email}`);
  return mail;
}

const post = (url: string, payload: object, headers: Record<string, string> = {}) =>
  t.app.inject({ method: "POST", url, payload, headers });

beforeAll(async () => {
  const { headers } = await signedInAs(t.app, { role: "admin" });
  const event = await createEvent(t.db, {
    eventDate: DATE,
    timeslots: [{ capacity: 5 }, { capacity: 5, startTime: "15:00", endTime: "16:00" }, { capacity: 1 }],
  });
  const [morning, afternoon, small] = event.timeslots;
  const publicRegistration = (email: string) =>
    post(`/api/public/events/${event.id}/registrations`, registrationBody(morning!.id, { email }));

  // The registrant: verification, confirmation, a move, the reminder, a campaign, the cancellation.
  const email = "links@example.com";
  await publicRegistration(email);
  const verification = await latest(email, "registration_verification");
  const [registration] = await t.db.select().from(modelRegistrations).where(eq(modelRegistrations.email, email));
  const link = manageUrl(t.config, registration!.id);
  sent.set("registration_verification", { mail: verification, link });
  const token = linkIn(verification.textBody, `${t.config.publicUrl}/verify/`).split("/verify/")[1]!;
  await post("/api/public/verify", { token });
  sent.set("registration_confirmation", { mail: await latest(email, "registration_confirmation"), link });
  const manage = registrationToken(t.config, "manage", registration!.id);
  await post("/api/public/registrations/manage/move", { t: manage, timeslotId: afternoon!.id });
  sent.set("registration_moved", { mail: await latest(email, "registration_moved"), link });
  await sendDueReminders(t.db, t.config, new Date(zonedInstant(DATE, "15:00").getTime() - 3_600_000));
  sent.set("registration_reminder", { mail: await latest(email, "registration_reminder"), link });
  const campaign = { eventId: event.id, registrationIds: [registration!.id], subject: "Aviso", content: "Hola", isHtml: false };
  expect((await post("/api/campaigns", campaign, headers)).statusCode).toBe(202);
  await t.app.ctx.campaignMessages.idle();
  sent.set("campaign", { mail: await latest(email, "campaign"), link });
  await post("/api/public/registrations/manage/cancel", { t: manage });
  sent.set("registration_cancelled", { mail: await latest(email, "registration_cancelled"), link });

  // A verification e-mail sent again by staff.
  const pending = "resend@example.com";
  await publicRegistration(pending);
  const [again] = await t.db.select().from(modelRegistrations).where(eq(modelRegistrations.email, pending));
  await post(`/api/registrations/${again!.id}/resend-verification`, {}, headers);
  const resent = (await outboxFor(t.db, pending)).filter((m) => m.kind === "registration_verification");
  expect(resent).toHaveLength(2);
  sent.set("registration_verification (sent again)", { mail: resent[1]!, link: manageUrl(t.config, again!.id) });

  // The waiting list: the place in line and the offer carry the entry's own page, its manage link.
  const holder = await createRegistration(t.db, { eventId: event.id, timeslotId: small!.id });
  const waiting = "waiting-links@example.com";
  await post(`/api/public/events/${event.id}/waitlist`, registrationBody(small!.id, { email: waiting }));
  await post("/api/public/registrations/manage/cancel", { t: registrationToken(t.config, "manage", holder.id) });
  for (const kind of ["waitlist_joined", "waitlist_offer"]) {
    const mail = await latest(waiting, kind);
    sent.set(kind, { mail, link: linkIn(mail.textBody, `${t.config.publicUrl}/waitlist?t=`) });
  }
});

describe("the manage link", () => {
  it.each([
    "registration_verification",
    "registration_confirmation",
    "registration_moved",
    "registration_reminder",
    "campaign",
    "registration_cancelled",
    "registration_verification (sent again)",
    "waitlist_joined",
    "waitlist_offer",
  ])("is in the text and the HTML of %s", async (kind) => {
    const { mail, link } = sent.get(kind)!;
    expect(link).toMatch(/^http:\/\/localhost:3000\/(manage|waitlist)\?t=[A-Za-z0-9_-]{43}$/);
    expect(mail.textBody).toContain(link);
    expect(mail.htmlBody).toContain(`href="${link}"`);
    // The link opens the page it names.
    const token = new URL(link).searchParams.get("t")!;
    const opened = link.includes("/manage?")
      ? await t.app.inject({ url: `/api/public/registrations/manage?t=${token}` })
      : await post("/api/public/waitlist/confirm", { t: token });
    expect(opened.statusCode).toBe(200);
  });
});
