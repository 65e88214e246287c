/**
 * The catalogue's namespaces, typed from the Spanish files (the source language): `MessageId` is
 * built from this shape, and the English files must hold the same keys (catalogue.test.ts).
 */
import type accountsMessages from "./es-AR/accounts.json";
import type callbacksMessages from "./es-AR/callbacks.json";
import type campaignsMessages from "./es-AR/campaigns.json";
import type castingdayMessages from "./es-AR/castingday.json";
import type checkinMessages from "./es-AR/checkin.json";
import type commonMessages from "./es-AR/common.json";
import type dashboardMessages from "./es-AR/dashboard.json";
import type emailsMessages from "./es-AR/emails.json";
import type eventsMessages from "./es-AR/events.json";
import type insightsMessages from "./es-AR/insights.json";
import type integrationsMessages from "./es-AR/integrations.json";
import type landingMessages from "./es-AR/landing.json";
import type mailboxMessages from "./es-AR/mailbox.json";
import type panelMessages from "./es-AR/panel.json";
import type privacyMessages from "./es-AR/privacy.json";
import type publicMessages from "./es-AR/public.json";
import type registrantMessages from "./es-AR/registrant.json";
import type registrationsMessages from "./es-AR/registrations.json";
import type selectionsMessages from "./es-AR/selections.json";
import type shareMessages from "./es-AR/share.json";

export interface CatalogueShape {
  accounts: typeof accountsMessages;
  callbacks: typeof callbacksMessages;
  campaigns: typeof campaignsMessages;
  castingday: typeof castingdayMessages;
  checkin: typeof checkinMessages;
  common: typeof commonMessages;
  dashboard: typeof dashboardMessages;
  emails: typeof emailsMessages;
  events: typeof eventsMessages;
  insights: typeof insightsMessages;
  integrations: typeof integrationsMessages;
  landing: typeof landingMessages;
  mailbox: typeof mailboxMessages;
  panel: typeof panelMessages;
  privacy: typeof privacyMessages;
  public: typeof publicMessages;
  registrant: typeof registrantMessages;
  registrations: typeof registrationsMessages;
  selections: typeof selectionsMessages;
  share: typeof shareMessages;
}
