/**
 * The public side's caches, one of each thing (public.cache.ts): the pages and the registrations
 * read the same one, so an edit or a publication shows in both within the same period.
 */
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { outboxMessages, privacyNotices, scoutingEvents } from "../../db/schema";
import { createEvent, registrationBody } from "../../test/factories";
import { EVENT_PAGE_TTL_MS, REGISTRATION_CONTEXT_TTL_MS } from "./public.cache";
import { bodyOf, useRenderedPublicPages, visibleText } from "./public.pages.test-support";

const pages = useRenderedPublicPages();
const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms + 100));
const register = (eventId: string, body: Record<string, unknown>) =>
  pages.app.inject({ method: "POST", url: `/api/public/events/${eventId}/registrations`, payload: body });
const pageText = async (url: string) => visibleText(bodyOf((await pages.app.inject({ url })).body));

describe("the public caches", () => {
  it("a staff edit of an event shows on its page and in a registration's e-mail once the page's period is over", async () => {
    const event = await createEvent(pages.db, { eventName: "Casting de marzo" });
    const slotId = event.timeslots[0]!.id;
    expect(await pageText(`/events/${event.id}/register`)).toContain("Casting de marzo");
    expect((await register(event.id, registrationBody(slotId))).statusCode).toBe(201);

    await pages.db.update(scoutingEvents).set({ eventName: "Casting de abril" }).where(eq(scoutingEvents.id, event.id));
    await wait(EVENT_PAGE_TTL_MS);

    expect(await pageText(`/events/${event.id}/register`)).toContain("Casting de abril");
    const body = registrationBody(slotId);
    expect((await register(event.id, body)).statusCode).toBe(201);
    const [mail] = await pages.db
      .select()
      .from(outboxMessages)
      .where(eq(outboxMessages.toAddress, body.email as string));
    expect(mail?.subject).toContain("Casting de abril");
  });

  it("a notice published shows on /privacy and is accepted by the registration at the same time: one cache of the notice", async () => {
    const event = await createEvent(pages.db);
    expect(await pageText("/privacy")).toContain("Versión 2");

    await pages.db.insert(privacyNotices).values({ version: 3, textEs: "Aviso nuevo.", textEn: "New notice." });
    await wait(REGISTRATION_CONTEXT_TTL_MS);

    expect((await register(event.id, registrationBody(event.timeslots[0]!.id, { privacyNoticeVersion: 3 }))).statusCode).toBe(
      201,
    );
    expect(await pageText("/privacy")).toContain("Versión 3");
  });
});
