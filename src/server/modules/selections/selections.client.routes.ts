/**
 * Selections for a client, the client's routes (issue 36): public, the link's token is the key;
 * rate-limited per address like the public form, a password's attempts far more tightly.
 */
import { PHOTO_SIZES } from "@common/photos";
import { clientPickResponse, clientPickSchema, clientSelectionSchema, shareUnlockSchema } from "@common/schemas/selections";
import type { FastifyRequest } from "fastify";
import { z } from "zod";
import type { AppContext, ZodApp } from "../../context";
import { createSelectionsClient } from "./selections.client";
import type { ClientRequest } from "./selections.client-access";

/** Password attempts per address and minute: a person mistyping, not a guesser. */
export const SHARE_UNLOCK_ATTEMPTS_PER_MINUTE = 10;

const tags = ["public"];
const token = z.string().max(100);
const tokenParams = z.object({ token });
const memberParams = z.object({ token, memberId: z.uuid() });
const photoParams = z.object({ token, memberId: z.uuid(), photoId: z.uuid() });

const clientOf = (request: FastifyRequest): ClientRequest => ({ ip: request.ip ?? null, cookie: request.headers.cookie });

export async function selectionsClientRoutes(app: ZodApp, { db, config, storage, agency }: AppContext): Promise<void> {
  const client = createSelectionsClient({ db, config, storage, agency });
  const limited = (max: number) => ({ access: "public" as const, rateLimit: { max, timeWindow: "1 minute" } });

  app.get(
    "/api/public/shares/:token",
    {
      config: limited(config.publicRegistrationRateLimit),
      schema: {
        tags,
        summary: "A selection as its client sees it (404 once expired or revoked; 401 share_locked until its password is given)",
        params: tokenParams,
        response: { 200: clientSelectionSchema },
      },
    },
    async (request, reply) => {
      reply.header("cache-control", "private, no-store");
      return client.view(request.params.token, clientOf(request));
    },
  );

  app.post(
    "/api/public/shares/:token/unlock",
    {
      config: limited(SHARE_UNLOCK_ATTEMPTS_PER_MINUTE),
      schema: {
        tags,
        summary: "Give a link's password: a cookie opens it in this browser for a while",
        params: tokenParams,
        body: shareUnlockSchema,
      },
    },
    async (request, reply) => {
      const cookie = await client.unlock(request.params.token, request.body.password);
      return reply.header("set-cookie", cookie).header("cache-control", "no-store").status(204).send();
    },
  );

  app.get(
    "/api/public/shares/:token/photos/:memberId/:photoId",
    {
      // A grid of thumbnails and their large photos: several times the form's limit.
      config: limited(config.publicRegistrationRateLimit * 5),
      schema: {
        tags,
        summary: "A photo of the selection, watermarked with the agency's and the client's names (JPEG)",
        params: photoParams,
        querystring: z.object({ size: z.enum(PHOTO_SIZES).default("large") }),
      },
    },
    async (request, reply) => {
      const { token: linkToken, memberId, photoId } = request.params;
      const image = await client.photo(linkToken, memberId, photoId, request.query.size, clientOf(request));
      return reply
        .header("content-type", "image/jpeg")
        .header("content-length", image.length)
        .header("cache-control", "private, no-store")
        .header("content-disposition", 'inline; filename="photo.jpg"')
        .send(image);
    },
  );

  app.put(
    "/api/public/shares/:token/members/:memberId",
    {
      config: limited(config.publicRegistrationRateLimit),
      schema: {
        tags,
        summary: "The client's favourite and/or note on one person of the selection",
        params: memberParams,
        body: clientPickSchema,
        response: { 200: clientPickResponse },
      },
    },
    async (request) => client.pick(request.params.token, request.params.memberId, request.body, clientOf(request)),
  );
}
