import type { User } from "@festgeld/domain";

/** A users row (or a join carrying its columns) as the public User of the contract. */
export function toUser(row: {
  id: string;
  email: string;
  full_name: string;
  role: "user" | "admin";
  kyc_status: User["kycStatus"] | null;
  created_at: Date;
}): User {
  return {
    id: row.id,
    email: row.email,
    full_name: row.full_name,
    role: row.role,
    kycStatus: row.kyc_status ?? "not_started",
    created_at: row.created_at.toISOString(),
  };
}
