import { sessionResponseSchema } from "@common/schemas/accounts";
import type { AppContext, ZodApp } from "../../context";
import { errors } from "../../errors";

export async function sessionRoutes(app: ZodApp, { getUser }: AppContext): Promise<void> {
  // Answers pending accounts too: the client needs their status to show the awaiting-approval screen.
  app.get(
    "/api/session",
    {
      config: { access: "public" },
      schema: { tags: ["accounts"], summary: "The signed-in user's profile", response: { 200: sessionResponseSchema } },
    },
    async (request) => {
      const user = await getUser(request);
      if (!user) throw errors.unauthenticated();
      return { user };
    },
  );
}
