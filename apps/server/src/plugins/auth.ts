import type { IncomingMessage } from "node:http";
import { ACCESS_LEVELS, type Access, type User } from "@festgeld/domain";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import type { Kysely } from "kysely";
import type { DB } from "../db/schema.ts";
import { AppError, forbidden, unauthenticated } from "../lib/errors.ts";
import type { EventBus } from "./events.ts";

/**
 * Who may call a route (see Access in the operation table). Every /api route declares it in
 * `config.access`, taken from its table entry; a route without it fails at start-up, so no route
 * is public by accident.
 */
export type { Access };

/** How long a session lives: without use, and at most from sign-in. */
export interface SessionPolicy {
  idleMinutes: number;
  absoluteHours: number;
}

export interface ResolvedSession {
  sessionId: string;
  user: User;
  /** Whether the account signs in with two-factor (required of admins for back-office routes). */
  twoFactor: boolean;
}

/**
 * Finds the live session of a bearer token (null when unknown, revoked or expired): at once when it
 * needs no database work (a cached session), else a promise. The auth module provides it; app.ts
 * passes it in, so that this plugin does not depend on a module.
 */
export type SessionResolver = (
  db: FastifyInstance["db"],
  policy: SessionPolicy,
  token: string,
) => ResolvedSession | null | Promise<ResolvedSession | null>;

/**
 * Limits on sign-in and registration attempts within one window: per client address, per account
 * (registrations) or per account and address (failed sign-ins), and the account-wide count of failed
 * sign-ins after which unknown addresses must wait between attempts.
 */
export interface AttemptLimits {
  perIp: number;
  perAccount: number;
  windowMs: number;
  backoffAfter: number;
}

export interface AuthSettings {
  session: SessionPolicy;
  attempts: AttemptLimits;
  /** Where savers reach the web app, for links in account e-mails. */
  publicUrl: string;
  /** The name authenticator apps show beside the account (the operator's short name). */
  issuer: string;
}

/**
 * The session a raw request's bearer token resolves to, when its cache holds it ready for use (no
 * database work due), else undefined: what the pipeline's authentication would admit it with.
 */
export type SessionOf = (raw: IncomingMessage) => ResolvedSession | undefined;

declare module "fastify" {
  interface FastifyContextConfig {
    access?: Access;
    /** The operation table entry the route was registered from. */
    operationId?: string;
    /** On a signed-in route whose answers may be replayed (`replay`): its session, for the replay. */
    sessionOf?: SessionOf;
  }
  interface FastifyInstance {
    /** Every /api route with its declared access, for the access-matrix test and the docs. */
    apiRoutes: Array<{ method: string; url: string; access: Access; operationId?: string }>;
    /** Session expiry and attempt limits, for the auth module. */
    authSettings: AuthSettings;
  }
  interface FastifyRequest {
    user: User | null;
    sessionId: string | null;
  }
}

function bearerToken(request: FastifyRequest): string | null {
  return bearerOf(request.headers.authorization);
}

/** The token of an Authorization header: null without one, "" when it is not a bearer token. */
function bearerOf(header: string | undefined): string | null {
  if (!header) return null;
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  return match?.[1] ?? "";
}

/** The signed-in user of a request whose route has access user or admin. */
export function currentUser(request: FastifyRequest): User {
  if (!request.user) throw unauthenticated();
  return request.user;
}

/**
 * A service's change to one record on behalf of the signed-in user: the database, the user, the record's
 * id, what the request asks for, the time it happens at and the bus its events are published on.
 */
export type RecordAction<I, T> = (
  db: Kysely<DB>,
  user: User,
  id: string,
  input: I,
  now: Date,
  events: EventBus,
) => Promise<T>;

/** Calls `action` for the signed-in user on the record the path names (`:id`), at the app's clock's now. */
export function actOnRecord<I, T>(
  app: FastifyInstance,
  request: FastifyRequest & { params: { id: string } },
  input: I,
  action: RecordAction<I, T>,
): Promise<T> {
  return action(app.db, currentUser(request), request.params.id, input, app.clock.now(), app.events);
}

export default fp(
  async function authPlugin(
    app: FastifyInstance,
    opts: {
      policy: SessionPolicy;
      attempts?: AttemptLimits;
      publicUrl?: string;
      issuer?: string;
      resolveSession: SessionResolver;
      /** The cached session of a token, ready for use, or undefined (replayed answers: `sessionOf`). */
      cachedSession?: (token: string) => ResolvedSession | undefined;
    },
  ) {
    app.decorate("authSettings", {
      session: opts.policy,
      attempts: opts.attempts ?? { perIp: 30, perAccount: 10, windowMs: 15 * 60_000, backoffAfter: 20 },
      publicUrl: opts.publicUrl ?? "http://127.0.0.1:3000",
      issuer: opts.issuer ?? "Festgeld",
    });
    app.decorateRequest("user", null);
    app.decorateRequest("sessionId", null);
    const apiRoutes: FastifyInstance["apiRoutes"] = [];
    app.decorate("apiRoutes", apiRoutes);

    app.addHook("onRoute", (route) => {
      if (!route.url.startsWith("/api")) return;
      if (route.url.startsWith("/api/docs")) {
        // The API reference pages registered by @fastify/swagger-ui.
        route.config = { ...(route.config ?? {}), access: "public" };
        return;
      }
      const { access, operationId } = (route.config ?? {}) as { access?: Access; operationId?: string };
      if (!access || !ACCESS_LEVELS.includes(access)) {
        throw new Error(`Route ${String(route.method)} ${route.url} must declare config.access`);
      }
      for (const method of [route.method].flat()) {
        if (method !== "HEAD") apiRoutes.push({ method, url: route.url, access, operationId });
      }
      if (access === "public") return;
      const cachedSession = opts.cachedSession;
      if ((route.config as { replay?: boolean } | undefined)?.replay === true && cachedSession) {
        // The session the authentication below would admit the request with, as long as the cache holds
        // it: an answer replayed before the pipeline is made from it (plugins/answer-replay.ts).
        const sessionOf: SessionOf = (raw) => {
          const token = bearerOf(raw.headers.authorization);
          return token ? cachedSession(token) : undefined;
        };
        route.config = { ...(route.config ?? {}), sessionOf } as typeof route.config;
      }
      // A hook of the route itself, first among the route's own hooks (before its rate limit, as a
      // hook of the whole app would be), so that public routes, most of the traffic, run no
      // authentication hook at all and none reads the route's options per request.
      // A signed-in request whose session is cached is decided without a promise (docs/decisions.md
      // "Hot paths, fourth pass"); one that needs the database continues when the read is done.
      const hook = (request: FastifyRequest, reply: FastifyReply, done: (error?: Error) => void) => {
        let session: ReturnType<SessionResolver> | undefined;
        try {
          session = authenticate(request, reply, access);
        } catch (error) {
          return done(error as Error);
        }
        if (session instanceof Promise)
          session.then((resolved) => admit(request, access, resolved, done), done);
        else admit(request, access, session, done);
      };
      route.onRequest = [hook, ...[route.onRequest ?? []].flat()] as typeof route.onRequest;
    });

    // onRequest runs before the body is read, so an anonymous upload is refused before it streams.
    // Function declarations, hoisted: the onRoute hook above refers to them.
    /** The session of the request's bearer token (undefined: none sent to an optional route). */
    function authenticate(
      request: FastifyRequest,
      reply: FastifyReply,
      access: Access,
    ): ReturnType<SessionResolver> | undefined {
      // Answers of non-public routes are about a person: no browser or proxy may keep a copy.
      reply.header("Cache-Control", "no-store");
      const token = bearerToken(request);
      if (token === null) {
        if (access === "optional") return undefined;
        throw unauthenticated();
      }
      return token ? opts.resolveSession(app.db, opts.policy, token) : null;
    }

    /** Lets the request in with its session (undefined: none needed), or refuses it. */
    function admit(
      request: FastifyRequest,
      access: Access,
      session: ResolvedSession | null | undefined,
      done: (error?: Error) => void,
    ) {
      if (session === undefined) return done();
      if (!session)
        return done(new AppError(401, "session_expired", "Your session has expired. Please sign in again."));
      request.user = session.user;
      request.sessionId = session.sessionId;
      if (access === "admin" && session.user.role !== "admin") return done(forbidden());
      // Every admin signs in with two-factor: until enrolled, no back-office call succeeds.
      if (access === "admin" && !session.twoFactor) {
        return done(
          new AppError(
            403,
            "two_factor_enrolment_required",
            "Set up two-factor sign-in on the security page before using the back office",
          ),
        );
      }
      done();
    }
  },
  { name: "auth", dependencies: ["db"] },
);
