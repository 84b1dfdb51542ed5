import { z } from "zod";

/**
 * Stable machine codes carried by every error response. The web app translates a known code
 * (errors namespace of its catalogues) and shows the server's English `detail` otherwise.
 * Add new codes here, in one place; the catalogue test checks each has a translation.
 */
export const ERROR_CODES = [
  // generic
  "validation_failed",
  "not_found",
  "route_not_found",
  "internal_error",
  "rate_limited",
  "payload_too_large",
  "unsupported_media_type",
  "service_unavailable",
  // hostile or broken requests
  "invalid_characters",
  "request_timeout",
  "headers_too_large",
  "uri_too_long",
  // sessions and roles
  "unauthenticated",
  "session_expired",
  "forbidden",
  // accounts
  "invalid_credentials",
  "email_taken",
  "password_too_short",
  "password_too_long",
  "password_too_common",
  "wrong_current_password",
  "current_password_required",
  "token_invalid",
  "token_expired",
  "email_not_verified",
  "email_already_verified",
  "two_factor_enrolment_required",
  "two_factor_code_invalid",
  "two_factor_already_enabled",
  "two_factor_not_enabled",
  "two_factor_setup_missing",
  "two_factor_required_for_admins",
  "session_not_found",
  "passkey_challenge_invalid",
  "passkey_invalid",
  "passkey_not_recognised",
  "passkey_not_found",
  "passkey_already_registered",
  "passkey_limit_reached",
  "account_locked",
  "cannot_change_own_account",
  // packages and applications
  "package_not_found",
  "package_inactive",
  "bank_not_found",
  "bank_slug_taken",
  "bank_account_taken",
  "package_bank_locked",
  "bank_logo_invalid",
  "package_amount_out_of_range",
  "invalid_iban",
  "info_sheet_not_acknowledged",
  "application_not_found",
  "application_already_decided",
  "application_incomplete",
  "application_not_pending",
  "withdrawal_not_allowed",
  "withdrawal_period_expired",
  "kyc_not_approved",
  "rejection_reason_required",
  // deposits
  "deposit_not_found",
  "deposit_not_awaiting_funds",
  "payer_iban_mismatch",
  "amount_mismatch",
  "invalid_value_date",
  "statement_invalid",
  "instruction_cutoff_passed",
  "deposit_not_active",
  "early_closure_not_allowed",
  "early_closure_quote_changed",
  "clock_control_disabled",
  // payments
  "payment_order_not_found",
  "payment_order_not_cancellable",
  "payment_order_not_returned",
  "payment_file_not_found",
  "no_open_payment_orders",
  "payment_file_invalid",
  "unmatched_credit_not_found",
  "unmatched_credit_not_open",
  "unmatched_credit_no_payer",
  // kyc
  "kyc_invalid_document_type",
  "kyc_invalid_file_type",
  "kyc_file_too_large",
  "kyc_file_empty",
  "kyc_file_missing",
  "kyc_document_locked",
  "kyc_document_not_found",
  "kyc_document_already_reviewed",
  "kyc_review_own_document",
  "kyc_upload_interrupted",
  // identity, sanctions, data rights
  "kyc_profile_missing",
  "kyc_profile_not_approved",
  "kyc_underage",
  "invalid_country",
  "invalid_date",
  "invalid_tax_id",
  "invalid_postcode",
  "pep_details_required",
  "profile_already_decided",
  "sanctions_hit_confirmed",
  "sanctions_review_open",
  "sanctions_list_outdated",
  "sanctions_hit_not_found",
  "sanctions_hit_already_decided",
  "sanctions_list_invalid",
  "sanctions_list_known",
  "sanctions_demo_list_production",
  "ident_provider_unknown",
  "ident_reference_unknown",
  "ident_signature_invalid",
  "ident_timestamp_expired",
  "account_has_active_applications",
  "account_closed",
  // back office
  "notification_empty",
  "notification_not_found",
  // postbox and newsletter
  "document_not_found",
  "user_not_found",
  "newsletter_link_invalid",
  // ledger
  "date_in_future",
  // saver tools
  "renew_min_rate_required",
  "renew_min_rate_not_allowed",
  "ladder_terms_not_distinct",
  "ladder_term_not_offered",
  "ladder_rung_below_minimum",
  "ladder_rung_above_maximum",
  "rate_alert_limit_reached",
  "rate_alert_not_found",
] as const;

export type ErrorCode = (typeof ERROR_CODES)[number];

export const fieldErrorSchema = z.object({
  path: z.string(),
  message: z.string(),
  code: z.string().optional(),
});

export const errorResponseSchema = z
  .object({
    detail: z.string(),
    code: z.string(),
    fields: z.array(fieldErrorSchema).optional(),
  })
  .meta({ id: "Error" });

export type ErrorResponse = z.infer<typeof errorResponseSchema>;
export type FieldError = z.infer<typeof fieldErrorSchema>;
