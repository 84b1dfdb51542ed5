import fs, { existsSync } from "node:fs";
import { isIP } from "node:net";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { parseEnv } from "node:util";
import { ibanProblem, normalizeIban } from "@festgeld/domain";
import { z } from "zod";
import { localHostName } from "./address-to-open.ts";
import { loadOperator, type Operator } from "./operator.ts";

const LOG_LEVELS = ["fatal", "error", "warn", "info", "debug", "trace", "silent"] as const;

/** A text that may be left out; an empty one counts as left out. */
const optionalText = () =>
  z
    .string()
    .optional()
    .transform((v) => (v === "" ? undefined : v));

/** A switch written true/false or 1/0, off unless set. */
const flag = () =>
  z
    .enum(["true", "false", "1", "0"])
    .default("false")
    .transform((v) => v === "true" || v === "1");

const optionalUrl = (protocols: string[]) =>
  z
    .string()
    .trim()
    .optional()
    .transform((v) => (v === "" ? undefined : v))
    .refine((v) => v === undefined || protocols.some((p) => v.startsWith(p)), {
      message: `must start with ${protocols.join(" or ")}`,
    });

/** Every environment variable the server reads. `.env.example` lists each with its default. */
/**
 * TRUST_PROXY as Fastify takes it. A hop count becomes a trust function over the hops from the right
 * (the socket peer is hop 0): Fastify refuses a bare number, since the peer itself is not checked, so
 * a hop count is for servers reachable only through their proxies; a list checks the peer.
 */
/** Fastify's trustProxy: false, a function of the address and its hop, or the trusted addresses and ranges. */
export type TrustProxy = false | ((address: string, hop: number) => boolean) | string[];

export function trustProxySetting(value: false | number | string[]): TrustProxy {
  if (typeof value === "number") return (_address: string, hop: number) => hop < value;
  return value;
}

/** An IP address or a CIDR range (`10.0.0.0/8`, `fd00::/8`). */
function isAddressOrRange(value: string) {
  const [address = "", bits, ...rest] = value.split("/");
  const version = isIP(address);
  if (version === 0 || rest.length > 0) return false;
  if (bits === undefined) return true;
  return /^\d{1,3}$/.test(bits) && Number(bits) <= (version === 4 ? 32 : 128);
}

export const envSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  PORT: z.coerce.number({ message: "must be a number" }).int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default("127.0.0.1"),
  DATA_DIR: z.string().min(1).default("./data"),
  DATABASE_URL: optionalUrl(["postgres://", "postgresql://"]),
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(100).default(10),
  /** Scheduled jobs one process runs side by side (PostgreSQL server only; keep below the pool size). */
  JOB_CONCURRENCY: z.coerce.number().int().min(1).max(32).default(4),
  JOB_BATCH_SIZE: z.coerce.number().int().min(1).max(5000).default(1000),
  LOG_LEVEL: z.enum(LOG_LEVELS).default("info"),
  WEB_DIST_DIR: z.string().optional(),
  /**
   * The proxies in front: false (none), a hop count, or their addresses (IPs or CIDR ranges). The
   * client address is the X-Forwarded-For entry that many trusted hops from the right; `true` would
   * believe the leftmost entry, which the client writes, and is refused (docs/decisions.md,
   * "Forwarded addresses: hops from the right").
   */
  TRUST_PROXY: z
    .string()
    .default("false")
    .transform((v, ctx): false | number | string[] => {
      const value = v.trim();
      if (value === "" || value === "false" || value === "0") return false;
      if (/^\d+$/.test(value)) return Number(value);
      if (value === "true") {
        ctx.addIssue({
          code: "custom",
          message:
            "true would believe the leftmost X-Forwarded-For, which the client writes: give the number of proxies in front (1 behind one proxy) or their addresses",
        });
        return z.NEVER;
      }
      const addresses = value
        .split(",")
        .map((s) => s.trim())
        .filter(Boolean);
      const bad = addresses.filter((a) => !isAddressOrRange(a));
      if (bad.length > 0) {
        ctx.addIssue({
          code: "custom",
          message: `must be false, a hop count or proxy addresses (IP or CIDR); not an address: ${bad.join(", ")}`,
        });
        return z.NEVER;
      }
      return addresses;
    }),
  CORS_ORIGINS: z
    .string()
    .default("")
    .transform((v) =>
      v
        .split(",")
        .map((s) => s.trim())
        .filter(Boolean),
    ),
  SESSION_IDLE_MINUTES: z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 60)
    .default(30),
  SESSION_ABSOLUTE_HOURS: z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 30)
    .default(12),
  ADMIN_EMAIL: z
    .string()
    .trim()
    .email()
    .optional()
    .or(z.literal("").transform(() => undefined)),
  ADMIN_PASSWORD: optionalText(),
  AUTH_RATE_LIMIT_PER_IP: z.coerce.number().int().min(1).max(1_000_000).default(30),
  AUTH_RATE_LIMIT_PER_ACCOUNT: z.coerce.number().int().min(1).max(1_000_000).default(10),
  AUTH_ACCOUNT_BACKOFF_AFTER: z.coerce.number().int().min(1).max(1_000_000).default(20),
  REDIS_URL: optionalUrl(["redis://", "rediss://"]),
  SMTP_URL: optionalUrl(["smtp://", "smtps://"]),
  SMTP_FROM: z.string().default("Festgeld Demo <no-reply@example.invalid>"),
  DOCUMENT_KEY: z
    .string()
    .optional()
    .refine((v) => v === undefined || v === "" || /^[0-9a-fA-F]{64}$/.test(v), {
      message: "must be 64 hexadecimal characters (a 256-bit key)",
    }),
  // During a key rotation: the keys documents may still be under (read, never written), comma-separated.
  DOCUMENT_KEY_PREVIOUS: z
    .string()
    .default("")
    .refine((v) => v.trim() === "" || v.split(",").every((k) => /^[0-9a-fA-F]{64}$/.test(k.trim())), {
      message: "must be 64-hexadecimal-character keys separated by commas",
    })
    .transform((v) =>
      v
        .split(",")
        .map((k) => k.trim())
        .filter(Boolean),
    ),
  TOTP_KEY: z
    .string()
    .optional()
    .refine((v) => v === undefined || v === "" || /^[0-9a-fA-F]{64}$/.test(v), {
      message: "must be 64 hexadecimal characters (a 256-bit key)",
    }),
  // Where documents are kept: files under DATA_DIR, or an S3-compatible bucket shared by several servers.
  DOCUMENT_STORE: z.enum(["local", "s3"]).default("local"),
  S3_BUCKET: z
    .string()
    .trim()
    .optional()
    .transform((v) => (v === "" ? undefined : v))
    .refine((v) => v === undefined || /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/.test(v), {
      message: "must be a bucket name (3-63 lower-case letters, digits, '.' and '-')",
    }),
  S3_ENDPOINT: optionalUrl(["http://", "https://"]),
  S3_REGION: z.string().trim().min(1).default("us-east-1"),
  S3_FORCE_PATH_STYLE: flag(),
  AWS_ACCESS_KEY_ID: optionalText(),
  AWS_SECRET_ACCESS_KEY: optionalText(),
  BRAND_FILE: z.string().optional(),
  // Seed and fallback receiving account: a partner bank without one gets it at start-up (modules/banks).
  PARTNER_BANK_HOLDER: z.string().trim().min(1).max(70).default("Demo Partnerbank AG"),
  PARTNER_BANK_IBAN: z
    .string()
    .default("DE52000000000012345678")
    .transform(normalizeIban)
    .refine((v) => ibanProblem(v) === null, { message: "must be a valid IBAN" }),
  PARTNER_BANK_BIC: z
    .string()
    .trim()
    .toUpperCase()
    .default("DEMODEFFXXX")
    .refine((v) => /^[A-Z]{6}[A-Z0-9]{2}([A-Z0-9]{3})?$/.test(v), {
      message: "must be a BIC (8 or 11 characters)",
    }),
  PARTNER_BANK_NAME: z.string().trim().max(120).default("Demo Partnerbank AG"),
  // Lets an admin move the server's clock (POST /api/admin/clock) for end-to-end tests; refused in production.
  CLOCK_CONTROL: flag(),
  OPERATOR_FILE: optionalText(),
  /** The address savers reach the web app at, for links in e-mails (default: http://HOST:PORT). */
  PUBLIC_URL: optionalUrl(["http://", "https://"]),
  IDENT_WEBHOOK_SECRETS: z
    .string()
    .default("")
    .refine(
      (v) => v.trim() === "" || v.split(",").every((pair) => /^[a-z0-9_-]{1,64}:.{32,}$/.test(pair.trim())),
      {
        message:
          "must be provider:secret pairs separated by commas (provider a-z0-9_-, secret at least 32 characters)",
      },
    )
    .transform(
      (v) =>
        Object.fromEntries(
          v
            .split(",")
            .map((pair) => pair.trim())
            .filter(Boolean)
            .map((pair) => [pair.slice(0, pair.indexOf(":")), pair.slice(pair.indexOf(":") + 1)]),
        ) as Record<string, string>,
    ),
  // Prometheus metrics on a port of their own (never the public one); unset: no metrics listener.
  METRICS_PORT: z.coerce.number({ message: "must be a number" }).int().min(0).max(65535).optional(),
  METRICS_HOST: optionalText(),
  METRICS_TOKEN: optionalText().refine((v) => v === undefined || v.length >= 16, {
    message: "must be at least 16 characters",
  }),
  REQUEST_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(3600).default(120),
  REQUEST_MIN_BYTES_PER_SECOND: z.coerce.number().int().min(0).max(100_000_000).default(1000),
  /** How old the sanctions list in force may be for an approval (docs/decisions.md, "Approval needs a current list"). */
  SANCTIONS_LIST_MAX_AGE_DAYS: z.coerce.number().int().min(1).max(365).default(7),
  API_DOCS: z
    .enum(["true", "false", "1", "0", ""])
    .optional()
    .transform((v) => (v === undefined || v === "" ? undefined : v === "true" || v === "1")),
});

export type Env = z.infer<typeof envSchema>;

/** Rules between variables, checked after each variable is valid on its own. */
function crossCheck(env: Env): string[] {
  const problems: string[] = [];
  if (env.ADMIN_EMAIL && !env.ADMIN_PASSWORD)
    problems.push("ADMIN_PASSWORD is required when ADMIN_EMAIL is set");
  if (env.ADMIN_PASSWORD && !env.ADMIN_EMAIL)
    problems.push("ADMIN_EMAIL is required when ADMIN_PASSWORD is set");
  if (env.CLOCK_CONTROL && env.NODE_ENV === "production")
    problems.push("CLOCK_CONTROL must not be set in production");
  if (env.DOCUMENT_STORE === "s3") {
    if (!env.S3_BUCKET) problems.push("S3_BUCKET is required when DOCUMENT_STORE is s3");
    // A generated key file would differ from one server to the next: every server needs the same key.
    if (!env.DOCUMENT_KEY) problems.push("DOCUMENT_KEY is required when DOCUMENT_STORE is s3");
  }
  if (env.DOCUMENT_KEY_PREVIOUS.length > 0 && !env.DOCUMENT_KEY)
    problems.push("DOCUMENT_KEY_PREVIOUS needs DOCUMENT_KEY (the key documents are re-encrypted to)");
  if (Boolean(env.AWS_ACCESS_KEY_ID) !== Boolean(env.AWS_SECRET_ACCESS_KEY))
    problems.push("AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY are set together or not at all");
  return problems;
}

export interface Config extends Omit<Env, "API_DOCS"> {
  dataDir: string;
  webDistDir: string;
  /** PUBLIC_URL without a trailing slash, or http://HOST:PORT (localhost for a loopback HOST). */
  publicUrl: string;
  /** The operator's details for e-mails and documents (OPERATOR_FILE, or the demonstration operator). */
  operator: Operator;
  /** Serve the API explorer at /api/docs (API_DOCS; off in production unless switched on). */
  apiDocs: boolean;
  /** The bucket documents are kept in (DOCUMENT_STORE=s3), or undefined for files under DATA_DIR. */
  s3: S3Settings | undefined;
}

/** The bucket documents are kept in (DOCUMENT_STORE=s3). */
export interface S3Settings {
  bucket: string;
  /** An S3-compatible service's address (MinIO, Ceph, a local test server); AWS itself when unset. */
  endpoint?: string | undefined;
  region: string;
  /** Bucket in the path (http://host/bucket/key) instead of the host name, as most S3-compatible servers want. */
  forcePathStyle: boolean;
  /** Both or neither; when neither, the SDK's own chain (instance role, shared config) is used. */
  accessKeyId?: string | undefined;
  secretAccessKey?: string | undefined;
}

export class ConfigError extends Error {
  constructor(public readonly problems: string[]) {
    super(`Invalid configuration: ${problems.join("; ")}`);
    this.name = "ConfigError";
  }
}

/**
 * The server package's directory (apps/server), found upwards from this code: src/config/ when run
 * from source, dist/ when compiled into one bundle. The built web app is its sibling.
 */
function serverPackageDir(): string {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  for (;;) {
    if (existsSync(path.join(dir, "package.json"))) return dir;
    const parent = path.dirname(dir);
    if (parent === dir) return process.cwd();
    dir = parent;
  }
}
const defaultWebDist = path.resolve(serverPackageDir(), "../web/dist");

/** Validates the environment; throws ConfigError naming each bad variable. */
/**
 * Reads `.env` (or the file ENV_FILE names) into the environment, as .env.example promises: variables
 * already set in the environment win, so a process manager's settings are never overridden. A missing
 * file is no error; an unreadable one stops the start. Returns the path read, or null.
 */
export function readEnvFile(target: NodeJS.ProcessEnv = process.env, cwd = process.cwd()): string | null {
  const file = path.resolve(cwd, target.ENV_FILE ?? ".env");
  let text: string;
  try {
    text = fs.readFileSync(file, "utf8");
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT" && !target.ENV_FILE) return null;
    throw new ConfigError([`ENV_FILE: cannot read ${file} (${(error as Error).message})`]);
  }
  for (const [key, value] of Object.entries(parseEnv(text))) {
    if (target[key] === undefined) target[key] = value;
  }
  return file;
}

export function loadConfig(source: NodeJS.ProcessEnv = process.env): Config {
  const result = envSchema.safeParse(source);
  if (!result.success) {
    const problems = result.error.issues.map((issue) => `${issue.path.join(".")} ${issue.message}`);
    throw new ConfigError(problems);
  }
  const env = result.data;
  const problems = crossCheck(env);
  let operator: Operator | null = null;
  try {
    operator = loadOperator(env.OPERATOR_FILE);
  } catch (error) {
    problems.push((error as Error).message);
  }
  if (problems.length > 0 || !operator) throw new ConfigError(problems);
  return {
    ...env,
    dataDir: path.resolve(env.DATA_DIR),
    webDistDir: path.resolve(env.WEB_DIST_DIR ?? defaultWebDist),
    operator,
    // Links in e-mails open where passkeys work: localhost for a loopback HOST (lib/address-to-open.ts).
    publicUrl: (env.PUBLIC_URL ?? `http://${localHostName(env.HOST)}:${env.PORT}`).replace(/\/+$/, ""),
    apiDocs: env.API_DOCS ?? env.NODE_ENV !== "production",
    s3:
      env.DOCUMENT_STORE === "s3" && env.S3_BUCKET
        ? {
            bucket: env.S3_BUCKET,
            endpoint: env.S3_ENDPOINT,
            region: env.S3_REGION,
            forcePathStyle: env.S3_FORCE_PATH_STYLE,
            accessKeyId: env.AWS_ACCESS_KEY_ID,
            secretAccessKey: env.AWS_SECRET_ACCESS_KEY,
          }
        : undefined,
  };
}
