import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { Config } from "../config/env.ts";

/** What app.ts registers every module with. */
export interface ModuleOptions {
  config: Config;
  /** Whether this process runs the background work (scheduled jobs, timers); tests mostly do not. */
  backgroundJobs: boolean;
}

/**
 * A server module: a plugin, mounted under /api, that registers its own routes, job handlers
 * (`app.jobs.handle`) and event subscribers (`app.events.subscribe`). app.ts only lists modules.
 */
export type AppModule = FastifyPluginAsyncZod<ModuleOptions>;
