/**
 * Two staff phones at the same door (issue 20): today's event comes preselected, one phone checks a
 * verified person in with the plain 'Registrar llegada', and the other phone's arrivals (arrived /
 * expected / still to come) follow within a few seconds without reloading, as they do for an arrival
 * recorded through the API.
 */
import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { eventAtTheDoor, todayInBuenosAires, verifyEmail } from "./support/check-in";
import { signInAsSuperadmin } from "./support/session";

const PHONE = { viewport: { width: 360, height: 740 }, hasTouch: true, isMobile: true } as const;
/** Each phone asks for the arrivals every 3 s: another phone's check-in shows within this. */
const LIVE_MS = 5000;

test.use(PHONE);

/** dd/mm/aa, as the event selector shows a date. */
function shownDate(iso: string): string {
  const [year, month, day] = iso.split("-");
  return `${day}/${month}/${year!.slice(2)}`;
}

async function counts(phone: Page, arrived: string, expected: string, toCome: string, timeout?: number) {
  await expect(phone.getByTestId("arrived-total")).toHaveText(arrived, { timeout });
  await expect(phone.getByTestId("expected-total")).toHaveText(expected);
  await expect(phone.getByTestId("to-come-total")).toHaveText(toCome);
}

test("two phones at the door: one checks a person in, the other sees the count change without reloading", async ({
  page,
  browser,
  baseURL,
  mailbox,
}) => {
  await signInAsSuperadmin(page, baseURL);
  const { event, people } = await eventAtTheDoor(page.request, baseURL!, ["Ema Dos", "Fede Dos", "Gabi Dos"]);
  const [ema] = people;
  await verifyEmail(page.request, mailbox, baseURL!, ema!);
  // An event created after today's, on another day: the newest is not the one preselected.
  await eventAtTheDoor(page.request, baseURL!, [], { eventDate: todayInBuenosAires(3) });

  // The second phone: its own browser context (its own storage), the same staff account.
  const second = await browser.newContext({
    ...PHONE,
    baseURL: baseURL!,
    locale: "es-AR",
    timezoneId: "America/Argentina/Buenos_Aires",
  });
  await second.addCookies(await page.context().cookies());
  const other = await second.newPage();

  for (const phone of [page, other]) {
    await phone.goto("/dashboard/check-in");
    // Today's event comes preselected (the newest event is another day's).
    await expect(phone.getByLabel("Evento").locator("option:checked")).toHaveText(
      new RegExp(` — ${shownDate(todayInBuenosAires())}$`),
    );
    await phone.getByLabel("Evento").selectOption(event.id);
    await counts(phone, "0", "3", "3");
  }

  // Phone one: Ema verified her e-mail, nothing to warn about: the plain 'Registrar llegada'.
  await page.getByLabel("Código o nombre").fill(ema!.registrationCode);
  await page.getByRole("button", { name: "Buscar" }).click();
  const card = page.getByTestId("check-in-card");
  await expect(card.getByRole("heading", { name: "Ema Dos" })).toBeVisible();
  await expect(card.getByRole("alert")).toHaveCount(0);
  await expect(card.getByRole("button", { name: "Dejar pasar igual" })).toHaveCount(0);
  await card.getByRole("button", { name: "Registrar llegada" }).click();
  await expect(card.getByText(/Llegada registrada: .*, por /)).toBeVisible();
  await counts(page, "1", "3", "2");

  // Phone two never reloads: its counts follow within a few seconds.
  await counts(other, "1", "3", "2", LIVE_MS);

  // An arrival recorded elsewhere (another phone's queue, the API): both phones follow.
  const res = await page.request.post("/api/check-ins", {
    headers: { origin: baseURL! },
    data: { registrationId: people[1]!.id, eventId: event.id },
  });
  expect(res.status()).toBe(200);
  await counts(page, "2", "3", "1", LIVE_MS);
  await counts(other, "2", "3", "1", LIVE_MS);

  // The same person scanned again on phone two: one arrival, and staff are told when and by whom.
  await other.getByLabel("Código o nombre").fill(ema!.registrationCode);
  await other.getByRole("button", { name: "Buscar" }).click();
  const again = other.getByTestId("check-in-card");
  await expect(again.getByText(/Llegada registrada: .*, por /)).toBeVisible();
  await expect(again.getByRole("button", { name: /Registrar llegada|Dejar pasar igual/ })).toHaveCount(0);
  await counts(other, "2", "3", "1");
  await second.close();
});
