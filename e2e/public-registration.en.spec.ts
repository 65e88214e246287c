/**
 * The same story in English: a visitor whose phone speaks English registers, reads the verification
 * and confirmation e-mails in English from the test's SMTP server, and verifies; the switch on the
 * page turns it into Spanish and the choice survives a reload.
 */
import { expect, expectNoSeriousA11yViolations, linkIn, test } from "./fixtures";
import { E2E_SUPERADMIN } from "./support/constants";
import { textsIn } from "./support/texts";

const t = textsIn("en");
const es = textsIn("es-AR");

test.use({ viewport: { width: 360, height: 740 }, hasTouch: true, isMobile: true, locale: "en-US" });

test("a visitor registers in English and gets the e-mails in English", async ({ page, baseURL, mailbox }) => {
  await page.request.post("/api/auth/sign-in/email", { data: E2E_SUPERADMIN, headers: { origin: baseURL! } });
  const eventName = "Open Call Buenos Aires";
  const created = await page.request.post("/api/events", {
    headers: { origin: baseURL! },
    data: {
      eventName,
      eventDate: "2031-04-12",
      location: "Palermo Studio, CABA",
      description: "New faces for the spring campaign.",
      confirmationDetails: "Bring your printed sheet.",
      // Registrations without photos here (the photo journey is e2e/photos.spec.ts).
      photos: "off",
      timeslots: [
        { startTime: "10:00", endTime: "11:00", capacity: 1 },
        { startTime: "14:00", endTime: "15:00", capacity: 20 },
      ],
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const event = (await created.json()) as { id: string };
  await page.context().clearCookies();

  const email = `model.en.${Date.now()}@example.com`;
  await page.goto(`/events/${event.id}/register`);
  await expect(page.getByRole("heading", { level: 1, name: t("public.register.title", { eventName }) })).toBeVisible();
  await expect(page.locator("html")).toHaveAttribute("lang", "en");
  await expect(page.getByText("Apr 12, 2031")).toBeVisible();
  await expect(page.getByText("1 spot left")).toBeVisible();
  await expect(page.getByText("20 spots left")).toBeVisible();

  // A wrong value is explained in English.
  await page.getByRole("button", { name: t("public.register.submit") }).click();
  await expect(page.getByRole("alert").filter({ hasText: "fields to fix" })).toBeFocused();

  await page.getByLabel(t("registrant.labels.fullName"), { exact: true }).fill("Emma Clarke");
  await page.getByLabel(t("registrant.labels.dateOfBirth"), { exact: true }).fill(`${new Date().getFullYear() - 12}-01-01`);
  await expect(page.getByLabel(t("registrant.labels.dateOfBirth"), { exact: true })).toHaveAccessibleDescription(
    t("registrant.errors.underAge"),
  );
  await page.getByLabel(t("registrant.labels.dateOfBirth"), { exact: true }).fill("2002-06-01");
  await page.getByLabel(t("registrant.labels.location"), { exact: true }).fill("Buenos Aires");
  await page.getByLabel(t("registrant.labels.email"), { exact: true }).fill(email);
  await page.getByLabel(t("registrant.labels.phoneNumber"), { exact: true }).fill("1155554444");
  await page.getByLabel(t("registrant.labels.height"), { exact: true }).fill("178");
  await page.getByLabel(t("registrant.labels.bust"), { exact: true }).fill("84");
  await page.getByLabel(t("registrant.labels.waist"), { exact: true }).fill("62");
  await page.getByLabel(t("registrant.labels.hips"), { exact: true }).fill("90");
  // English labels for docs/product.md's Spanish options (issue 32).
  await page.getByLabel(t("registrant.labels.eyeColor"), { exact: true }).selectOption({ label: "Light blue" });
  await page.getByLabel(t("registrant.labels.instagramHandle"), { exact: true }).fill("emma.clarke");
  await page
    .getByLabel(t("registrant.labels.internationalWork"), { exact: true })
    .selectOption({ label: t("registrant.values.yes") });
  await page.getByRole("radio", { name: /14:00/ }).check();
  await expectNoSeriousA11yViolations(page);

  await page.getByLabel(t("privacy.consent.dataProcessing")).check();
  await page.getByRole("button", { name: t("public.register.submit") }).click();
  await expect(page.getByRole("heading", { name: t("public.success.title") })).toBeVisible();
  const code = (await page.getByTestId("registration-code").textContent())?.trim() ?? "";
  await expect(page.getByTestId("success-note")).toContainText(email);

  const verification = await mailbox.waitFor(email, /^Confirm your registration for Open Call Buenos Aires$/);
  expect(verification.text).toContain("Hi Emma Clarke!");
  expect(verification.text).toContain(code);
  expect(verification.html).toContain('lang="en"');
  await page.goto(linkIn(verification, `${baseURL}/verify/`));
  await expect(page.getByRole("heading", { name: t("public.verify.verified") })).toBeVisible();
  const confirmation = await mailbox.waitFor(email, /^Registration confirmed/);
  expect(confirmation.text).toContain("Bring your printed sheet.");
  expect(confirmation.text).not.toMatch(/Hola|Registro|Fecha/);
  // Times as the pages write them: 24-hour (issue 32).
  expect(confirmation.text).toContain("14:00 – 15:00");
  expect(confirmation.text).not.toMatch(/\b[AP]M\b/);

  // The switch: Spanish at once, and still Spanish after a reload.
  await page.getByRole("button", { name: "Español" }).click();
  await expect(page.getByRole("heading", { name: es("public.verify.verified") })).toBeVisible();
  await expect(page.getByRole("button", { name: es("public.verify.download") })).toBeVisible();
  await expect(page.locator("html")).toHaveAttribute("lang", "es-AR");
  await page.reload();
  await expect(page.getByRole("heading", { name: es("public.verify.alreadyConfirmed") })).toBeVisible();
});

test.describe("a Spanish phone", () => {
  test.use({ locale: "es-AR" });

  test("switches to English, fetched only then; a failed fetch leaves the page in Spanish", async ({ page, consoleGuard }) => {
    const englishChunk = /catalogue\.public\.en-[^/]+\.js$/;
    const fetched: string[] = [];
    page.on("request", (request) => {
      if (englishChunk.test(request.url())) fetched.push(request.url());
    });
    await page.goto("/events/no-such-event/register");
    await expect(page.getByText(es("public.register.notFound"))).toBeVisible();
    await expect(page.locator("html")).toHaveAttribute("lang", "es-AR");
    expect(fetched, "a Spanish reader does not download English").toEqual([]);

    // The connection drops as the reader asks for English: the page stays Spanish and usable.
    consoleGuard.allow(/Failed to load resource|catalogue\.public\.en|dynamically imported module/);
    await page.route(englishChunk, (route) => route.abort("internetdisconnected"));
    await page.getByRole("button", { name: "English" }).click();
    await expect.poll(() => fetched.length).toBeGreaterThan(0);
    await expect(page.locator("html")).toHaveAttribute("lang", "es-AR");
    await expect(page.getByText(es("public.register.notFound"))).toBeVisible();

    // Back online, the same button works.
    await page.unroute(englishChunk);
    await page.getByRole("button", { name: "English" }).click();
    await expect(page.getByText(t("public.register.notFound"))).toBeVisible();
    await expect(page.locator("html")).toHaveAttribute("lang", "en");
  });
});
