import { sessionResponseSchema } from "@common/schemas/accounts";
import type { AppContext, ZodApp } from "../../context";

export async function sessionRoutes(app: ZodApp, { getUser }: AppContext): Promise<void> {
  // Answers pending accounts too: the client needs their status to show the awaiting-approval screen.
  // An anonymous caller is an answer, not an error: every public page asks, and a 401 would be
  // logged by the browser on each of them.
  app.get(
    "/api/session",
    {
      config: { access: "public" },
      schema: {
        tags: ["accounts"],
        summary: "The signed-in user's profile, or null when nobody is signed in",
        response: { 200: sessionResponseSchema },
      },
    },
    async (request) => {
      return { user: await getUser(request) };
    },
  );
}
