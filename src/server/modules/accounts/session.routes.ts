import { accountLanguageSchema, sessionResponseSchema } from "@common/schemas/accounts";
import { permissionsOf } from "@common/permissions";
import type { AppContext, ZodApp } from "../../context";
import { errors } from "../../errors";
import { createUsersRepository } from "./users.repository";

export async function sessionRoutes(app: ZodApp, { getUser, db }: AppContext): Promise<void> {
  const usersRepo = createUsersRepository(db);
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
      const user = await getUser(request);
      return { user: user && { ...user, permissions: permissionsOf(user), pass: null } };
    },
  );

  // Any signed-in account, pending ones too: the awaiting-approval screen speaks the language as well.
  app.put(
    "/api/account/language",
    {
      config: { access: "public" },
      schema: {
        tags: ["accounts"],
        summary: "The language of the signed-in account's screens and e-mails",
        body: accountLanguageSchema,
        response: { 200: accountLanguageSchema },
      },
    },
    async (request) => {
      const user = await getUser(request);
      if (!user) throw errors.unauthenticated();
      const { language } = request.body;
      await usersRepo.update(user.id, { language });
      request.log.info({ userId: user.id, language }, "account language saved");
      return { language };
    },
  );
}
