/** The API's error shape (docs/architecture.md), as a schema for the OpenAPI document's error replies. */
import { z } from "zod";

export const apiErrorResponseSchema = z.object({
  error: z.object({ code: z.string(), message: z.string(), fields: z.record(z.string(), z.string()).optional() }),
});
