import type { AccountSession, Device, SecurityEvent } from "@festgeld/domain";
import { SECURITY_EVENT_TYPES } from "@festgeld/domain";
import Bowser from "bowser";
import type { Kysely } from "kysely";
import type { DB } from "../../db/schema.ts";
import { notFound } from "../../lib/errors.ts";
import * as authRepo from "./auth.repository.ts";
import * as sessionRepo from "./session.repository.ts";

/** The signed-in account's sessions and recent security events, for /security. */

interface Meta {
  ip?: string | undefined;
  userAgent?: string | undefined;
}

const DEVICE_TYPES = new Set(["desktop", "mobile", "tablet", "tv", "bot"]);

/** Browser, operating system and kind of device, read from a user agent by bowser. */
export function describeDevice(userAgent: string | null | undefined): Device {
  if (!userAgent) return { browser: null, os: null, type: "unknown" };
  const parsed = Bowser.parse(userAgent);
  const join = (name?: string, version?: string) =>
    name ? [name, version?.split(".")[0]].filter(Boolean).join(" ") : null;
  const type = parsed.platform.type ?? "";
  return {
    browser: join(parsed.browser.name, parsed.browser.version),
    os: join(parsed.os.name, parsed.os.versionName ?? parsed.os.version),
    type: (DEVICE_TYPES.has(type) ? type : "unknown") as Device["type"],
  };
}

export async function listSessions(
  db: Kysely<DB>,
  userId: string,
  currentSessionId: string | null,
  now: Date,
): Promise<AccountSession[]> {
  const rows = await sessionRepo.listActiveSessions(db, userId, now, 100);
  return rows.map((row) => ({
    id: row.id,
    created_at: row.created_at.toISOString(),
    last_used_at: row.last_used_at.toISOString(),
    ip: row.ip,
    device: describeDevice(row.user_agent),
    current: row.id === currentSessionId,
  }));
}

/** Signs out one session of the user; another user's (or an ended one) is 404. */
export async function revokeOwnSession(db: Kysely<DB>, userId: string, sessionId: string, meta: Meta) {
  await db.transaction().execute(async (trx) => {
    if (!(await sessionRepo.revokeUserSession(trx, userId, sessionId, new Date()))) {
      throw notFound("session_not_found", "This session does not exist or has already ended");
    }
    await authRepo.insertAccountEvent(trx, {
      user_id: userId,
      event: "session_revoked",
      ip: meta.ip ?? null,
      user_agent: meta.userAgent ?? null,
      detail: { session_id: sessionId },
    });
  });
}

/** Signs out every session of the user except `keepSessionId`; answers how many ended. */
export async function revokeOtherSessions(
  db: Kysely<DB>,
  userId: string,
  keepSessionId: string | null,
  meta: Meta & { by?: { id: string; email: string } },
): Promise<number> {
  return db.transaction().execute(async (trx) => {
    const [result] = await sessionRepo.revokeUserSessions(
      trx,
      userId,
      new Date(),
      keepSessionId ?? undefined,
    );
    const revoked = Number(result?.numUpdatedRows ?? 0);
    await authRepo.insertAccountEvent(trx, {
      user_id: userId,
      event: "sessions_revoked",
      // Staff's address and device are not the saver's to see; the audit log has them.
      ip: meta.by ? null : (meta.ip ?? null),
      user_agent: meta.by ? null : (meta.userAgent ?? null),
      detail: { revoked, ...(meta.by ? { by_staff: true } : {}) },
    });
    return revoked;
  });
}

const SHOWN = new Set<string>(SECURITY_EVENT_TYPES);

/** The 30 newest security events of the account that the saver is shown. */
export async function recentEvents(db: Kysely<DB>, userId: string): Promise<SecurityEvent[]> {
  const rows = await authRepo.listRecentEvents(db, userId, SECURITY_EVENT_TYPES, 30);
  return rows
    .filter((row) => SHOWN.has(row.event))
    .map((row) => {
      const detail = (row.detail ?? {}) as { changed?: unknown; method?: unknown };
      // A sign-in with a passkey is stored as every sign-in is (new-device.ts reads them) and shown as such.
      const event =
        row.event === "login_succeeded" && detail.method === "passkey" ? "login_passkey" : row.event;
      return {
        id: Number(row.id),
        event: event as SecurityEvent["event"],
        created_at: row.created_at.toISOString(),
        ip: row.ip,
        device: row.user_agent ? describeDevice(row.user_agent) : null,
        email_changed: Array.isArray(detail.changed) && detail.changed.includes("email"),
      };
    });
}
