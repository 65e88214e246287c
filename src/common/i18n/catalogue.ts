/** Every namespace in both languages: the server and the staff app load all of it. */
import enAccounts from "./en/accounts.json";
import enCallbacks from "./en/callbacks.json";
import enCampaigns from "./en/campaigns.json";
import enCastingday from "./en/castingday.json";
import enCheckin from "./en/checkin.json";
import enCommon from "./en/common.json";
import enDashboard from "./en/dashboard.json";
import enEmails from "./en/emails.json";
import enEvents from "./en/events.json";
import enInsights from "./en/insights.json";
import enIntegrations from "./en/integrations.json";
import enLanding from "./en/landing.json";
import enMailbox from "./en/mailbox.json";
import enPanel from "./en/panel.json";
import enPrivacy from "./en/privacy.json";
import enPublic from "./en/public.json";
import enRegistrant from "./en/registrant.json";
import enRegistrations from "./en/registrations.json";
import enSelections from "./en/selections.json";
import enShare from "./en/share.json";
import esAccounts from "./es-AR/accounts.json";
import esCallbacks from "./es-AR/callbacks.json";
import esCampaigns from "./es-AR/campaigns.json";
import esCastingday from "./es-AR/castingday.json";
import esCheckin from "./es-AR/checkin.json";
import esCommon from "./es-AR/common.json";
import esDashboard from "./es-AR/dashboard.json";
import esEmails from "./es-AR/emails.json";
import esEvents from "./es-AR/events.json";
import esInsights from "./es-AR/insights.json";
import esIntegrations from "./es-AR/integrations.json";
import esLanding from "./es-AR/landing.json";
import esMailbox from "./es-AR/mailbox.json";
import esPanel from "./es-AR/panel.json";
import esPrivacy from "./es-AR/privacy.json";
import esPublic from "./es-AR/public.json";
import esRegistrant from "./es-AR/registrant.json";
import esRegistrations from "./es-AR/registrations.json";
import esSelections from "./es-AR/selections.json";
import esShare from "./es-AR/share.json";
import type { NamespaceMessages } from "./index";
import type { Language } from "./languages";

export const catalogue: Record<Language, Record<string, NamespaceMessages>> = {
  "es-AR": {
    accounts: esAccounts,
    callbacks: esCallbacks,
    campaigns: esCampaigns,
    castingday: esCastingday,
    checkin: esCheckin,
    common: esCommon,
    dashboard: esDashboard,
    emails: esEmails,
    events: esEvents,
    insights: esInsights,
    integrations: esIntegrations,
    landing: esLanding,
    mailbox: esMailbox,
    panel: esPanel,
    privacy: esPrivacy,
    public: esPublic,
    registrant: esRegistrant,
    registrations: esRegistrations,
    selections: esSelections,
    share: esShare,
  },
  en: {
    accounts: enAccounts,
    callbacks: enCallbacks,
    campaigns: enCampaigns,
    castingday: enCastingday,
    checkin: enCheckin,
    common: enCommon,
    dashboard: enDashboard,
    emails: enEmails,
    events: enEvents,
    insights: enInsights,
    integrations: enIntegrations,
    landing: enLanding,
    mailbox: enMailbox,
    panel: enPanel,
    privacy: enPrivacy,
    public: enPublic,
    registrant: enRegistrant,
    registrations: enRegistrations,
    selections: enSelections,
    share: enShare,
  },
};
