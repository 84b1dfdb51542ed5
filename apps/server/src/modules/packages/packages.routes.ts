import { operations } from "@festgeld/domain";
import type { FastifyReply } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { requestLanguage } from "../../lib/language.ts";
import { route } from "../../lib/route.ts";
import { replayWhile } from "../../plugins/answer-replay.ts";
import * as service from "./packages.service.ts";

export const packagesRoutes: FastifyPluginAsyncZod = async (app) => {
  // Its answer depends on the address, Accept-Language and the packages alone: replayed before the
  // pipeline while the packages read is the same (plugins/answer-replay.ts).
  route(app, operations.packagesList, { config: { replay: true } }, async (request, reply) => {
    const reading = service.listActiveJson(app.db, requestLanguage(request));
    // The version of the read this answer awaits (begun or found by the call above, before its first
    // wait): a change made while it is awaited ends the replay at once.
    const version = service.packagesVersion(app.db);
    const { body, etag } = await reading;
    if (version !== undefined) replayWhile(reply, () => service.packagesVersion(app.db) === version);
    reply
      .header("Vary", "Accept-Language")
      .header("ETag", etag)
      .header("Cache-Control", "public, max-age=0, must-revalidate");
    // The untyped reply: a 304 has no body, and the cached bytes were validated against
    // packageListSchema when they were made (bytes skip re-serialisation and encoding).
    const raw = reply as FastifyReply;
    if (request.headers["if-none-match"] === etag) return raw.status(304).send();
    return raw.type("application/json; charset=utf-8").send(body);
  });
};
