import { t, translator } from "@common/i18n";
import { languageOfRequest } from "./language";
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { hasZodFastifySchemaValidationErrors } from "fastify-type-provider-zod";
import { isDatabaseUnavailable } from "../db/client";
import { AppError } from "../errors";

/** Field path of a validation issue: "/timeslots/0/capacity" → "timeslots.0.capacity". */
function fieldName(instancePath: string, context: string | undefined): string {
  const path = instancePath.replace(/^\//, "").replace(/\//g, ".");
  return path || context || "request";
}

/**
 * One error handler for every failure: the error shape of docs/architecture.md, and nothing internal
 * (no stack, no SQL, no library message) ever leaves the server.
 */
export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
      if (error.statusCode >= 500) request.log.error({ err: error }, "request failed");
      return reply.status(error.statusCode).send({
        error: { code: error.code, message: error.message, ...(error.fields ? { fields: error.fields } : {}) },
      });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const fields: Record<string, string> = {};
      for (const issue of error.validation) {
        const name = fieldName(issue.instancePath, error.validationContext);
        fields[name] ??= issue.message ?? t("common.errors.invalidValue");
      }
      return reply.status(400).send({ error: { code: "validation_failed", message: t("common.errors.validation"), fields } });
    }
    // A connection that failed (or a transaction past its time limit) is not an answer: try again.
    if (isDatabaseUnavailable(error)) {
      request.log.warn({ err: error }, "database unavailable");
      return reply
        .status(503)
        .header("retry-after", "1")
        .send({ error: { code: "service_unavailable", message: t("common.errors.unavailable") } });
    }
    const status = error.statusCode ?? 500;
    if (status === 429) {
      return reply.status(429).send({ error: { code: "rate_limited", message: t("common.errors.rateLimited") } });
    }
    if (status === 413) {
      return reply.status(413).send({ error: { code: "payload_too_large", message: t("common.errors.tooLarge") } });
    }
    if (status >= 400 && status < 500) {
      // Fastify's own client errors (bad JSON, wrong content type): safe to describe, never internal.
      return reply.status(status).send({
        error: {
          code: status === 404 ? "not_found" : "validation_failed",
          message: status === 404 ? t("common.errors.notFound") : t("common.errors.unreadable"),
        },
      });
    }
    request.log.error({ err: error }, "unhandled error");
    return reply.status(500).send({ error: { code: "internal_error", message: t("common.errors.internal") } });
  });
}

/**
 * Failures of the router itself, before any route or error handler (Fastify's frameworkErrors): a
 * URL that cannot be decoded, a path parameter past maxParamLength (414), an async constraint. The
 * error shape too, not Fastify's own.
 */
export function frameworkError(error: FastifyError, request: FastifyRequest, reply: FastifyReply): void {
  const status = error.statusCode && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 400;
  request.log.info({ code: error.code }, "request refused by the router");
  // The router refused the request before its context (and language) was set up: read the header.
  const t = translator(languageOfRequest(request));
  void reply.status(status).send({ error: { code: "validation_failed", message: t("common.errors.unreadable") } });
}
