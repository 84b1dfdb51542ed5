import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import type { Kysely } from "kysely";
import type { Database } from "../db/database.ts";
import type { DB } from "../db/schema.ts";

declare module "fastify" {
  interface FastifyInstance {
    db: Kysely<DB>;
    database: Database;
  }
}

/** Makes the opened database available to every module; closes it when the server closes. */
export default fp(
  async function dbPlugin(app: FastifyInstance, opts: { database: Database; closeOnShutdown: boolean }) {
    app.decorate("database", opts.database);
    app.decorate("db", opts.database.db);
    if (opts.closeOnShutdown) app.addHook("onClose", async () => opts.database.close());
  },
  { name: "db" },
);
