/** What the registrations screen uses of campaigns: the badge, the history tab, the send dialog, the jump. */
export { CampaignBadge } from "./components/campaign-badge";
export { CampaignHistory } from "./components/campaign-history";
export { SendCampaignDialog } from "./components/send-campaign-dialog";
export { useCampaignJump } from "./components/use-campaign-jump";
