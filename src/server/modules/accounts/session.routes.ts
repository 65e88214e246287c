import { accountLanguageSchema, sessionResponseSchema } from "@common/schemas/accounts";
import { permissionsOf } from "@common/permissions";
import type { AppContext, ZodApp } from "../../context";
import { errors } from "../../errors";
import { clearedDoorPassCookie, doorPassSecretOf } from "../door-passes/door-pass.cookie";
import { createDoorPassesService } from "../door-passes/door-passes.service";
import { createUsersRepository } from "./users.repository";

export async function sessionRoutes(app: ZodApp, { getUser, db, config }: AppContext): Promise<void> {
  const usersRepo = createUsersRepository(db);
  const doorPasses = createDoorPassesService({ db, config });
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
    async (request, reply) => {
      const user = await getUser(request);
      // A door pass (issue 35) is shown as itself: its name, what it holds, its event; never its maker.
      if (user?.pass) return { user: await doorPasses.sessionUser(user.pass.id) };
      // The cookie of a pass revoked or expired meanwhile goes: the browser's staff session, if any, acts again.
      if (!user && doorPassSecretOf(request)) reply.header("set-cookie", clearedDoorPassCookie(config));
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
      // A door pass has no account of its own: the phone's choice applies there, its maker's account stays as it is.
      if (user.pass) return { language };
      await usersRepo.update(user.id, { language });
      request.log.info({ userId: user.id, language }, "account language saved");
      return { language };
    },
  );
}
