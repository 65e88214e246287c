import type { ProfileStatus, Role } from "@common/constants";
import { fromNodeHeaders } from "better-auth/node";
import type { FastifyRequest } from "fastify";
import type { Auth } from "./auth";

export interface SessionUser {
  id: string;
  email: string;
  fullName: string;
  role: Role;
  status: ProfileStatus;
}

/** The signed-in user of a request, or null. One lookup per request. */
export function createSessionResolver(auth: Auth) {
  const cache = new WeakMap<FastifyRequest, Promise<SessionUser | null>>();
  return (request: FastifyRequest): Promise<SessionUser | null> => {
    let pending = cache.get(request);
    if (!pending) {
      pending = auth.api.getSession({ headers: fromNodeHeaders(request.headers) }).then((result) =>
        result
          ? {
              id: result.user.id,
              email: result.user.email,
              fullName: result.user.name,
              role: result.user.role as Role,
              status: result.user.status as ProfileStatus,
            }
          : null,
      );
      cache.set(request, pending);
    }
    return pending;
  };
}
