/** The e-mail history in English: status labels, plurals, dates and the product's failure reasons. */
import type { CampaignDetail, CampaignSummary } from "@common/schemas/campaigns";
import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { LanguageProvider } from "@web/lib/language";
import { CampaignHistory } from "./campaign-history";
import { mockApi, renderWithQuery } from "./test-utils";

const EVENT_ID = "0b5c1c9e-7d39-4a4e-9d43-0b1f7f2b6a01";

const summary: CampaignSummary = {
  id: "c-1",
  subject: "Notice",
  isHtml: false,
  status: "partial",
  recipientCount: 2,
  sentAt: "2026-03-01T15:00:00.000Z",
  completedAt: "2026-03-01T15:01:00.000Z",
  event: { id: EVENT_ID, eventName: "Spring Casting" },
  creator: null,
  counts: { queued: 0, sent: 1, failed: 1, read: 0, mailbox: 0 },
};
const detail: CampaignDetail = {
  ...summary,
  content: "Hello {nombre}",
  recipients: [
    {
      id: "r1",
      registrationId: null,
      fullName: "Ana Pérez",
      email: "ana@example.com",
      status: "sent",
      errorMessage: null,
      sentAt: "2026-03-01T15:00:30.000Z",
      readAt: null,
    },
    {
      id: "r2",
      registrationId: null,
      fullName: "Bruno Díaz",
      email: "bruno@example.com",
      status: "failed",
      errorMessage: "undelivered",
      sentAt: null,
      readAt: null,
    },
  ],
};

beforeEach(() => {
  localStorage.setItem("language", "en");
});
afterEach(() => {
  localStorage.removeItem("language");
});

describe("CampaignHistory in English", () => {
  it("shows statuses, counts, dates and the reason a message was not sent in English", async () => {
    mockApi((url) => {
      if (url.startsWith("/api/campaigns?")) return { status: 200, body: { items: [summary] } };
      if (url === "/api/campaigns/c-1") return { status: 200, body: detail };
    });
    renderWithQuery(
      <LanguageProvider>
        <CampaignHistory eventId={EVENT_ID} />
      </LanguageProvider>,
    );
    const item = await screen.findByRole("article");
    expect(within(item).getByText("Partial")).toBeInTheDocument();
    expect(within(item).getByText("2 recipients")).toBeInTheDocument();
    expect(within(item).getByText("Unknown")).toBeInTheDocument();
    expect(within(item).getByText("Mar 1, 2026, 12:00")).toBeInTheDocument();

    await userEvent.click(screen.getByRole("button", { name: /Show details/ }));
    const table = await screen.findByRole("table");
    expect(within(table).getByRole("columnheader", { name: "Status" })).toBeInTheDocument();
    expect(within(table).getAllByText("Sent").length).toBeGreaterThan(0);
    expect(screen.getByTestId("recipient-failure")).toHaveTextContent(
      "Reason: Not sent: no SMTP server is configured (SMTP_URL). The message is in the Mailbox.",
    );
  });
});
