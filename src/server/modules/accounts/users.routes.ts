import {
  createAdminResponseSchema,
  createAdminSchema,
  userIdParams,
  userResponseSchema,
  userRoleSchema,
  usersListResponseSchema,
} from "@common/schemas/accounts";
import { apiErrorResponseSchema as errorResponse } from "@common/schemas/api-error";
import { z } from "zod";
import type { AppContext, ZodApp } from "../../context";
import { createUsersService } from "./users.service";
import { auditContext } from "../audit/audit.record";

export async function usersRoutes(app: ZodApp, { db, auth, config }: AppContext): Promise<void> {
  const users = createUsersService({ db, auth, config, log: app.log });
  const tags = ["users"];

  app.get(
    "/api/users",
    {
      config: { access: "users.manage" },
      schema: { tags, summary: "Staff profiles, newest first", response: { 200: usersListResponseSchema } },
    },
    async () => ({ items: await users.list() }),
  );

  app.post(
    "/api/users/:id/approve",
    {
      config: { access: "users.manage" },
      schema: {
        tags,
        summary: "Approve a pending account, then e-mail its owner",
        params: userIdParams,
        response: { 200: userResponseSchema, 404: errorResponse, 409: errorResponse },
      },
    },
    async (request) => ({ user: await users.approve(request.params.id, request.user!, auditContext(request)) }),
  );

  app.post(
    "/api/users/admins",
    {
      config: { access: "admins.manage" },
      schema: {
        tags,
        summary: "Promote an agency address to admin, or invite it",
        body: createAdminSchema,
        response: {
          200: createAdminResponseSchema,
          201: createAdminResponseSchema,
          400: errorResponse,
        },
      },
    },
    async (request, reply) => {
      const result = await users.createAdmin(request.body.email, request.user!, auditContext(request));
      return reply.status(result.outcome === "invited" ? 201 : 200).send(result);
    },
  );

  app.put(
    "/api/users/:id/role",
    {
      // An admin gives viewer or member; which roles a caller may give is the service's rule.
      config: { access: "users.manage" },
      schema: {
        tags,
        summary: "Give an account a role (superadmin: any but superadmin; admin: viewer or member, to non-admins)",
        params: userIdParams,
        body: userRoleSchema,
        response: { 200: userResponseSchema, 400: errorResponse, 403: errorResponse, 404: errorResponse, 409: errorResponse },
      },
    },
    async (request) => ({
      user: await users.setRole(request.params.id, request.body.role, request.user!, auditContext(request)),
    }),
  );

  app.delete(
    "/api/users/:id",
    {
      config: { access: "admins.manage" },
      schema: {
        tags,
        summary: "Delete a staff account (never a superadmin); what it created is kept",
        params: userIdParams,
        response: { 204: z.null(), 403: errorResponse, 404: errorResponse },
      },
    },
    async (request, reply) => {
      await users.remove(request.params.id, request.user!, auditContext(request));
      return reply.status(204).send(null);
    },
  );
}
