/**
 * The line's public streams (issue 35; docs/api.md "Casting day"): a person's own place, opened with
 * their manage or check-in link's token, and a venue screen's called numbers, opened with its key.
 * Not rate-limited per address: a venue's phones share one network's address, and every request
 * needs an unguessable token; each process caps its open streams instead (queue.stream.ts).
 */
import { STREAM_EVENTS } from "@common/schemas/queue";
import { z } from "zod";
import type { AppContext, ZodApp } from "../../context";
import { registrationIdFromToken } from "../../lib/registration-links";
import { createDisplayKeysService } from "./display-keys.service";
import { queueErrors } from "./queue.errors";
import { createQueueRepository } from "./queue.repository";
import { sharedMessage, sseMessage } from "./queue.stream";

const tags = ["public"];
const lastEventId = z.string().max(20).optional();

export async function queuePublicRoutes(app: ZodApp, { db, config, queueStreams }: AppContext): Promise<void> {
  const repo = createQueueRepository(db);
  const displayKeys = createDisplayKeysService({ db, config });

  app.get(
    "/api/public/queue/stream",
    {
      config: { access: "public" },
      // A HEAD would open a stream that sends nothing and never ends.
      exposeHeadRoute: false,
      schema: {
        tags,
        summary: "The person's own place in the line, live (Server-Sent Events): `place` on connect and on every change",
        querystring: z.object({ t: z.string().max(200), lastEventId }),
      },
    },
    async (request, reply) => {
      const { t } = request.query;
      // The manage page and the page the check-in QR code opens on the person's phone both show it.
      const registrationId = registrationIdFromToken(config, "manage", t) ?? registrationIdFromToken(config, "check-in", t);
      const eventId = registrationId && (await repo.eventOfRegistration(registrationId));
      if (!registrationId || !eventId) throw queueErrors.invalidToken();
      await queueStreams.open(request, reply, {
        eventId,
        message: (snapshot) =>
          sseMessage(snapshot.version, STREAM_EVENTS.place, JSON.stringify(snapshot.placeOf(registrationId))),
      });
    },
  );

  const displayMessage = sharedMessage((snapshot) =>
    sseMessage(snapshot.version, STREAM_EVENTS.display, JSON.stringify(snapshot.display)),
  );
  app.get(
    "/api/public/events/:id/display/stream",
    {
      config: { access: "public" },
      // A HEAD would open a stream that sends nothing and never ends.
      exposeHeadRoute: false,
      schema: {
        tags,
        summary: "A venue screen's called numbers and rooms, live (Server-Sent Events; no names): `display` messages",
        params: z.object({ id: z.uuid() }),
        querystring: z.object({ key: z.string().max(200), lastEventId }),
      },
    },
    async (request, reply) => {
      const key = await displayKeys.keyOf(request.params.id, request.query.key);
      if (!key) throw queueErrors.displayKeyNotFound();
      await queueStreams.open(request, reply, {
        eventId: request.params.id,
        message: displayMessage,
        // A key revoked while its screen shows the line ends the stream within a heartbeat.
        stillAllowed: () => displayKeys.live(key.id),
      });
    },
  );
}
