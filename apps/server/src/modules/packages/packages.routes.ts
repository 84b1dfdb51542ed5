import { operations } from "@festgeld/domain";
import type { FastifyReply } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { requestLanguage } from "../../lib/language.ts";
import { route } from "../../lib/route.ts";
import * as service from "./packages.service.ts";

export const packagesRoutes: FastifyPluginAsyncZod = async (app) => {
  route(app, operations.packagesList, async (request, reply) => {
    const { body, etag } = await service.listActiveJson(app.db, requestLanguage(request));
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
