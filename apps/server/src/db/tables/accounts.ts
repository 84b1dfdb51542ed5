import type { ColumnType, Generated } from "kysely";
import type { GeneratedInt8, NullableTimestamp, Timestamp } from "../columns.ts";

// Table types of the accounts area; its migrations are numbered 0010-0019.

export type AccountEventType =
  | "registered"
  | "login_succeeded"
  | "login_failed"
  | "logout"
  | "password_changed"
  | "profile_updated"
  | "admin_created"
  // 0070: account security
  | "login_blocked"
  | "password_reset_requested"
  | "password_reset"
  | "email_verification_sent"
  | "email_verified"
  | "two_factor_enabled"
  | "two_factor_disabled"
  | "two_factor_failed"
  | "recovery_code_used"
  | "recovery_codes_regenerated"
  | "passkey_added"
  | "passkey_removed"
  | "login_passkey"
  | "session_revoked"
  | "sessions_revoked"
  | "account_locked"
  | "account_unlocked"
  | "role_changed"
  | "password_reset_sent_by_staff";

export interface AccountEventsTable {
  id: GeneratedInt8;
  user_id: string | null;
  event: AccountEventType;
  ip: string | null;
  user_agent: string | null;
  detail: ColumnType<Record<string, unknown> | null, string | null, string | null>;
  created_at: Timestamp;
}

/** 0070: single-use e-mailed tokens, stored as SHA-256. */
export interface AccountTokensTable {
  id: Generated<string>;
  user_id: string;
  purpose: "password_reset" | "email_verification" | "email_change";
  token_hash: string;
  email: string;
  created_at: Timestamp;
  expires_at: Timestamp;
  used_at: NullableTimestamp;
}

/** 0070: one row per failed sign-in, keyed by hashed e-mail and client address. */
/** 0242: second-step codes of an account in its current window, claimed before they are evaluated. */
export interface TwoFactorAttemptsTable {
  user_id: string;
  window_start: Timestamp;
  attempts: number;
}

export interface LoginFailuresTable {
  id: GeneratedInt8;
  account_key: string;
  address_key: string;
  failed_at: Timestamp;
}

/** 0072: the TOTP secret of an account; confirmed once the first code matched. */
export interface UserTotpTable {
  user_id: string;
  /** 0074: only a secret enrolled before 0074, until the server's next start seals it. */
  secret_plain: ColumnType<string | null, string | null | undefined, string | null>;
  /** 0074: the secret sealed with the TOTP key (modules/auth/totp-secret.ts). */
  secret_sealed: ColumnType<string | null, string | null | undefined, string | null>;
  created_at: Timestamp;
  confirmed_at: NullableTimestamp;
  /** The newest time step a code was accepted for (replay guard). */
  last_step: ColumnType<bigint | null, bigint | number | null | undefined, bigint | number | null>;
}

/** 0072: single-use recovery codes, stored as SHA-256. */
export interface RecoveryCodesTable {
  id: Generated<string>;
  user_id: string;
  code_hash: string;
  created_at: Timestamp;
  used_at: NullableTimestamp;
}

/** 0072: the intermediate step of a two-factor sign-in. */
export interface LoginChallengesTable {
  id: Generated<string>;
  user_id: string;
  token_hash: string;
  created_at: Timestamp;
  expires_at: Timestamp;
  failed_attempts: Generated<number>;
  used_at: NullableTimestamp;
  ip: string | null;
  user_agent: string | null;
}

/** 0075: a passkey (WebAuthn credential) of an account. */
export interface PasskeysTable {
  id: Generated<string>;
  user_id: string;
  credential_id: string;
  public_key: string;
  counter: ColumnType<bigint, bigint | number | undefined, bigint | number>;
  transports: Generated<string>;
  device_type: "singleDevice" | "multiDevice";
  backed_up: boolean;
  aaguid: string | null;
  name: string;
  created_at: Timestamp;
  last_used_at: NullableTimestamp;
}

/** 0075: a single-use WebAuthn challenge (SHA-256 stored). */
export interface WebauthnChallengesTable {
  id: Generated<string>;
  purpose: "registration" | "authentication";
  user_id: string | null;
  challenge_hash: string;
  created_at: Timestamp;
  expires_at: Timestamp;
}

export interface AccountTables {
  account_events: AccountEventsTable;
  account_tokens: AccountTokensTable;
  login_failures: LoginFailuresTable;
  two_factor_attempts: TwoFactorAttemptsTable;
  user_totp: UserTotpTable;
  recovery_codes: RecoveryCodesTable;
  login_challenges: LoginChallengesTable;
  passkeys: PasskeysTable;
  webauthn_challenges: WebauthnChallengesTable;
}
