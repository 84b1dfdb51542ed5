import type { Redis } from "ioredis";
import { buildApp } from "./app.ts";
import { addressToOpen } from "./config/address-to-open.ts";
import { ConfigError, loadConfig, readEnvFile } from "./config/env.ts";
import { DataDirInUseError } from "./db/data-dir-lock.ts";
import { DatabaseUnavailableError, openDatabase } from "./db/database.ts";
import { migrate } from "./db/migrate.ts";
import { makePrivate } from "./lib/private-files.ts";
import { AdminSetupError, ensureFirstAdmin, firstAdminConfigProblems } from "./modules/auth/auth.service.ts";
import { sealPlainSecrets, TotpKeyError } from "./modules/auth/totp-secret.ts";
import { startMetricsServer } from "./plugins/metrics.ts";

class RedisUnavailableError extends Error {}

/** The shared rate-limit store (REDIS_URL), reachable before the server accepts a request. */
async function connectRedis(url: string): Promise<Redis> {
  // Loaded only when configured: a start without Redis does not pay for the client.
  const { Redis } = await import("ioredis");
  const redis = new Redis(url, { lazyConnect: true, connectTimeout: 5000, maxRetriesPerRequest: 2 });
  try {
    await redis.connect();
    await redis.ping();
  } catch (error) {
    redis.disconnect();
    throw new RedisUnavailableError(
      `REDIS_URL: Redis unreachable (${error instanceof Error ? error.message : String(error)})`,
    );
  }
  return redis;
}

/**
 * Starts the platform: validate configuration, open and migrate the database, create the first admin
 * when configured, listen, shut down cleanly.
 */
async function main() {
  readEnvFile();
  const config = loadConfig();
  const adminProblems = firstAdminConfigProblems(config);
  if (adminProblems.length > 0) throw new ConfigError(adminProblems);
  // Documents and the generated key live under DATA_DIR on either database (the embedded one does this itself).
  if (config.DATABASE_URL) await makePrivate(config.dataDir);
  const database = await openDatabase(config);
  await migrate(database);
  const firstAdmin = await ensureFirstAdmin(database.db, config);
  const redis = config.REDIS_URL ? await connectRedis(config.REDIS_URL) : undefined;
  const app = await buildApp({ config, database, redis, backgroundJobs: true });
  if (firstAdmin === "not_configured") {
    app.log.info(
      "no admin yet: restart with ADMIN_EMAIL and ADMIN_PASSWORD set (or in .env), or stop the server and run npm run admin:create -- --email <address>",
    );
  }
  if (firstAdmin === "created") {
    app.log.info({ email: config.ADMIN_EMAIL }, "first admin created");
    // Redirected and re-ordered payouts are released by a second staff member (docs/decisions.md
    // "Four eyes on where a payout goes").
    app.log.info(
      "payments sent to another IBAN need a second admin: npm run admin:create -- --email <address>",
    );
  }
  // Two-factor secrets stored before they were encrypted (migration 0074) are sealed now, and a key
  // that does not open the stored ones stops the start (modules/auth/totp-secret.ts).
  const sealed = await sealPlainSecrets(app.db, app.totpSecrets);
  if (sealed > 0) app.log.info({ sealed }, "two-factor secrets sealed with the TOTP key");
  if (redis) {
    redis.on("error", (error: Error) => app.log.warn({ err: error }, "Redis connection problem"));
    app.addHook("onClose", async () => {
      await redis.quit().catch(() => redis.disconnect());
    });
  }

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, "shutting down");
    const timer = setTimeout(() => process.exit(1), 10_000);
    timer.unref();
    try {
      await app.close();
      process.exit(0);
    } catch (error) {
      app.log.error({ err: error }, "error during shutdown");
      process.exit(1);
    }
  };
  process.on("SIGTERM", () => void shutdown("SIGTERM"));
  process.on("SIGINT", () => void shutdown("SIGINT"));

  await app.listen({ port: config.PORT, host: config.HOST });
  if (config.METRICS_PORT !== undefined) {
    const metrics = await startMetricsServer(app, {
      port: config.METRICS_PORT,
      host: config.METRICS_HOST ?? config.HOST,
      token: config.METRICS_TOKEN,
    });
    app.log.info(
      { port: metrics.port, token: Boolean(config.METRICS_TOKEN) },
      "metrics listening on /metrics",
    );
  }
  const address = app.server.address();
  const port = typeof address === "object" && address ? address.port : config.PORT;
  const where = config.DATABASE_URL
    ? "PostgreSQL (DATABASE_URL)"
    : `embedded PostgreSQL in ${config.dataDir}`;
  const open = addressToOpen(config, port);
  // Logs are JSON lines only (one per event), this one included.
  app.log.info(
    {
      url: open,
      database: where,
      ...(app.email.folder ? { mail: `${app.email.folder} (SMTP_URL is not set)` } : {}),
    },
    `Festgeld platform ready: open ${open}`,
  );
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError) {
    for (const problem of error.problems) console.error(`Configuration error: ${problem}`);
  } else if (
    error instanceof DatabaseUnavailableError ||
    error instanceof RedisUnavailableError ||
    error instanceof DataDirInUseError
  ) {
    console.error(`Configuration error: ${error.message}`);
  } else if (error instanceof TotpKeyError) {
    console.error(`Configuration error: ${error.message}`);
  } else if (error instanceof AdminSetupError) {
    console.error(`Configuration error: ADMIN_EMAIL / ADMIN_PASSWORD: ${error.message}`);
  } else if (error && typeof error === "object" && "code" in error && error.code === "EADDRINUSE") {
    console.error(
      `Configuration error: PORT is already in use (${String((error as { message?: unknown }).message)})`,
    );
  } else {
    console.error("Start-up failed:", error instanceof Error ? error.message : error);
  }
  process.exit(1);
});
