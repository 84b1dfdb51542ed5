import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import { SessionCache } from "../lib/session-cache.ts";

declare module "fastify" {
  interface FastifyInstance {
    /** Signed-in sessions of this process (lib/session-cache.ts). */
    sessionCache: SessionCache;
  }
}

/**
 * The session cache and what keeps it true: every write of this process that may change a session
 * empties it at once; on the PostgreSQL server, the notifications of migration 0110's triggers drop
 * the sessions of the user another process changed (LISTEN session_cache, docs/decisions.md
 * "Session cache"). While that connection is down the cache is off, so nothing is missed.
 */
export default fp(
  async function sessionCachePlugin(app: FastifyInstance) {
    const database = app.database;
    const cache = new SessionCache(50_000, !database.listen);
    app.decorate("sessionCache", cache);
    const unsubscribe = database.onSessionWrite(() => cache.clear());
    let stopListening: (() => Promise<void>) | undefined;
    if (database.listen) {
      stopListening = await database.listen(
        "session_cache",
        (userId) => cache.invalidateUser(userId),
        (listening) => {
          if (!listening) app.log.warn("session cache off: the notification connection was lost");
          cache.setEnabled(listening);
        },
      );
    }
    app.addHook("onClose", async () => {
      unsubscribe();
      await stopListening?.();
    });
  },
  { name: "session-cache", dependencies: ["db"] },
);
