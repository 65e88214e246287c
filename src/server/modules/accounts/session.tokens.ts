/**
 * Session tokens are stored as their SHA-256 only (ADR 005): a copy of the database holds no live
 * session. better-auth makes the token (32 random characters), puts it in the signed cookie and
 * looks its session up by it; it has no option to hash it (its `storeIdentifier: "hashed"` is for
 * verification rows only), and a database hook cannot do it (the session it creates is the one
 * whose token it then sets in the cookie). So the adapter it is given hashes the session model's
 * `token` on the way in (the values written, every `where` on it) and gives back the token it was
 * asked for on the way out. Every path of better-auth that reads sessions by token (get-session,
 * sign-out, the two-factor sign-in, revoking) goes through its internal adapter, hence through this;
 * our own lookup (session.lookup.ts) hashes the cookie's token the same way.
 */
import { createHash } from "node:crypto";
import type { DBAdapter, DBTransactionAdapter, Where } from "better-auth";

/** The stored form of a session token: SHA-256, hex (the migration hashes existing rows alike). */
export function hashSessionToken(token: string): string {
  return createHash("sha256").update(token, "utf8").digest("hex");
}

type Row = Record<string, unknown>;
type Args = { model: string; where?: Where[]; data?: Row; update?: Row };

/** The where clauses with every token value hashed, and which raw token each hash stands for. */
function hashWhere(where: Where[] | undefined, raw: Map<string, string>): Where[] | undefined {
  return where?.map((clause) => {
    if (clause.field !== "token") return clause;
    const hash = (value: unknown) => {
      if (typeof value !== "string") return value;
      const hashed = hashSessionToken(value);
      raw.set(hashed, value);
      return hashed;
    };
    const value = Array.isArray(clause.value) ? clause.value.map(hash) : hash(clause.value);
    return { ...clause, value } as Where;
  });
}

function hashToken(values: Row | undefined, raw: Map<string, string>): Row | undefined {
  if (typeof values?.token !== "string") return values;
  const hashed = hashSessionToken(values.token);
  raw.set(hashed, values.token);
  return { ...values, token: hashed };
}

/** A row (or rows) read back, with the raw token for each hash the caller gave. */
function restore(result: unknown, raw: Map<string, string>): unknown {
  if (Array.isArray(result)) return result.map((row) => restore(row, raw));
  if (!result || typeof result !== "object") return result;
  const token = (result as Row).token;
  if (typeof token !== "string") return result;
  return { ...(result as Row), token: raw.get(token) ?? token };
}

const METHODS = ["create", "findOne", "findMany", "count", "update", "updateMany", "delete", "deleteMany", "consumeOne"];

/** Makes `adapter` (changed in place, so that better-auth's registrations on it still hold) hash session tokens. */
function hashSessionTokensIn<A extends DBTransactionAdapter | DBAdapter>(adapter: A): A {
  const target = adapter as unknown as Record<string, unknown>;
  for (const name of METHODS) {
    const original = target[name];
    if (typeof original !== "function") continue;
    target[name] = async (args: Args, ...rest: unknown[]) => {
      if (args?.model !== "session") return (original as (...a: unknown[]) => unknown).call(adapter, args, ...rest);
      const raw = new Map<string, string>();
      const hashed = {
        ...args,
        where: hashWhere(args.where, raw),
        data: hashToken(args.data, raw),
        update: hashToken(args.update, raw),
      };
      for (const key of ["where", "data", "update"] as const) if (args[key] === undefined) delete hashed[key];
      return restore(await (original as (...a: unknown[]) => Promise<unknown>).call(adapter, hashed, ...rest), raw);
    };
  }
  const transaction = target.transaction;
  if (typeof transaction === "function") {
    target.transaction = <R>(callback: (trx: DBTransactionAdapter) => Promise<R>) =>
      (transaction as (cb: (trx: DBTransactionAdapter) => Promise<R>) => Promise<R>).call(adapter, (trx) =>
        callback(trx === adapter ? trx : hashSessionTokensIn(trx)),
      );
  }
  return adapter;
}

/** better-auth's `database` option (an adapter factory), storing session tokens hashed. */
export function withHashedSessionTokens<O>(factory: (options: O) => DBAdapter): (options: O) => DBAdapter {
  return (options) => hashSessionTokensIn(factory(options));
}
