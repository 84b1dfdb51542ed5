import { STORAGE_KEYS } from "@festgeld/domain/constants";
import { storage } from "./storage.ts";

/**
 * The reader's role as stored with the signed-in pages' frame (lib/session.tsx, lib/storage.ts), before
 * the session has been asked for: the back office's first requests are made for staff only, a saver being
 * refused them (403). Undefined without a stored frame, or with one kept before roles were, or unreadable:
 * then they are made, and the server decides. Nothing the server decides reads it.
 */
function storedRole(): string | undefined {
  try {
    const frame = JSON.parse(storage.get(STORAGE_KEYS.sessionFrame) ?? "null") as { role?: unknown } | null;
    return typeof frame?.role === "string" ? frame.role : undefined;
  } catch {
    return undefined;
  }
}

/** Whether the stored role says the reader is not staff (see storedRole). */
export function storedAsSaver(): boolean {
  const role = storedRole();
  return role !== undefined && role !== "admin";
}
