import { useCallback, useState } from "react";

/** A jump from a registration's row to a campaign in the history tab. */
export interface CampaignJump {
  campaignId: string;
  registrationId: string;
  /** Distinguishes two jumps to the same place: each one highlights again. */
  key: number;
}

let nextKey = 1;

/** State for the registrations screen: where the history tab should jump to. */
export function useCampaignJump() {
  const [jump, setJump] = useState<CampaignJump | null>(null);
  const jumpTo = useCallback((campaignId: string, registrationId: string) => {
    setJump({ campaignId, registrationId, key: nextKey++ });
  }, []);
  const clearJump = useCallback(() => setJump(null), []);
  return { jump, jumpTo, clearJump };
}
