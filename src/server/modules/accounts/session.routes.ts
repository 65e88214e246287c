import { PROFILE_STATUSES, ROLES } from "@common/constants";
import { z } from "zod";
import type { AppContext, ZodApp } from "../../app";
import { errors } from "../../errors";

export const sessionResponse = z.object({
  user: z.object({
    id: z.string(),
    email: z.string(),
    fullName: z.string(),
    role: z.enum(ROLES),
    status: z.enum(PROFILE_STATUSES),
  }),
});

export async function sessionRoutes(app: ZodApp, { getUser }: AppContext): Promise<void> {
  // Answers pending accounts too: the client needs their status to show the awaiting-approval screen.
  app.get(
    "/api/session",
    {
      config: { access: "public" },
      schema: { tags: ["accounts"], summary: "The signed-in user's profile", response: { 200: sessionResponse } },
    },
    async (request) => {
      const user = await getUser(request);
      if (!user) throw errors.unauthenticated();
      return { user };
    },
  );
}
