/** GET /api/public/settings: what the web app needs to know of the configuration; nothing secret. */
import { z } from "zod";

export const publicSettingsSchema = z.object({
  contactEmail: z.string(),
  staffSignup: z.enum(["open", "closed"]),
  agencyEmailDomain: z.string(),
  /** PUBLIC_URL without a final slash: the origin of the links staff share (an event's `/e/<slug>`). */
  publicUrl: z.string(),
});
export type PublicSettings = z.infer<typeof publicSettingsSchema>;
