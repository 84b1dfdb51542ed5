import type { ApplicationCreateRequest, MaturityInstruction, Package } from "@festgeld/domain";
import { LIMITS } from "@festgeld/domain/constants";
import { ibanLengthFor, ibanProblem, normalizeIban } from "@festgeld/domain/iban";
import { parseDecimal } from "../../../lib/decimal.ts";
import { amountProblem, isEmail, isPhone } from "../../../lib/validation.ts";

export interface ApplicationFormValues {
  full_name: string;
  email: string;
  phone: string;
  package_id: string;
  amount: string;
  message: string;
  reference_iban: string;
  maturity_instruction: MaturityInstruction | "";
  info_sheet_acknowledged: boolean;
}

export type FieldName = keyof ApplicationFormValues;

/** Form order: the first invalid field in this order receives focus. */
export const FIELD_ORDER: FieldName[] = [
  "full_name",
  "email",
  "phone",
  "package_id",
  "amount",
  "message",
  "reference_iban",
  "maturity_instruction",
  "info_sheet_acknowledged",
];

export const emptyApplication = (packageId = "", amount = ""): ApplicationFormValues => ({
  full_name: "",
  email: "",
  phone: "",
  package_id: packageId,
  amount,
  message: "",
  reference_iban: "",
  maturity_instruction: "",
  info_sheet_acknowledged: false,
});

/** amount minimum 1000, step 100 (and within the chosen package's limits). */
export const AMOUNT_STEP = 100;
export const MESSAGE_MAX = 2000;

/** A translation key (invest namespace) and its values, for one field's problem. */
export interface FieldProblem {
  key: string;
  values?: Record<string, string | number>;
}

/** The browser-side checks of the application form (amounts as typed in `language`); the server repeats every one of them. */
export function validateApplication(
  values: ApplicationFormValues,
  packages: Package[],
  language = "en",
): Partial<Record<FieldName, FieldProblem>> {
  const problems: Partial<Record<FieldName, FieldProblem>> = {};
  if (!values.full_name.trim()) problems.full_name = { key: "validation.required" };
  else if (values.full_name.trim().length > 200)
    problems.full_name = { key: "validation.tooLong", values: { max: 200 } };
  if (!values.email.trim()) problems.email = { key: "validation.required" };
  else if (!isEmail(values.email)) problems.email = { key: "validation.email" };
  if (!values.phone.trim()) problems.phone = { key: "validation.required" };
  else if (!isPhone(values.phone)) problems.phone = { key: "validation.phone" };

  const pkg = packages.find((p) => p.id === values.package_id);
  if (!pkg) problems.package_id = { key: "validation.packageRequired" };

  const min = Math.max(LIMITS.minAmount, pkg?.min_amount ?? 0);
  const max = pkg?.max_amount ?? LIMITS.maxAmount;
  const amount = amountProblem(values.amount, { min, max, step: AMOUNT_STEP }, language);
  if (amount) {
    problems.amount =
      pkg && (amount === "min" || amount === "max")
        ? { key: "validation.amount.package", values: { min, max } }
        : { key: `validation.amount.${amount}`, values: { min, max, step: AMOUNT_STEP } };
  }

  if (values.message.trim().length > MESSAGE_MAX) {
    problems.message = { key: "validation.tooLong", values: { max: MESSAGE_MAX } };
  }

  const iban = ibanProblem(values.reference_iban);
  if (iban) {
    const normalized = normalizeIban(values.reference_iban);
    const country = normalized.slice(0, 2);
    problems.reference_iban = {
      key: `validation.iban.${iban}`,
      values: { country, length: ibanLengthFor(country) ?? 0 },
    };
  }
  if (!values.maturity_instruction) problems.maturity_instruction = { key: "validation.maturityRequired" };
  if (!values.info_sheet_acknowledged)
    problems.info_sheet_acknowledged = { key: "validation.acknowledgement" };
  return problems;
}

/** The request for valid form values. */
export function toRequest(values: ApplicationFormValues, language = "en"): ApplicationCreateRequest {
  const message = values.message.trim();
  return {
    full_name: values.full_name.trim(),
    email: values.email.trim(),
    phone: values.phone.trim(),
    amount: parseDecimal(values.amount, language) ?? 0,
    package_id: values.package_id,
    ...(message ? { message } : {}),
    reference_iban: normalizeIban(values.reference_iban),
    maturity_instruction: values.maturity_instruction as MaturityInstruction,
    info_sheet_acknowledged: true,
  };
}

/** Which field an error code of the server belongs to, to show its text beside that field. */
export const FIELD_OF_ERROR_CODE: Record<string, FieldName> = {
  invalid_iban: "reference_iban",
  info_sheet_not_acknowledged: "info_sheet_acknowledged",
  package_amount_out_of_range: "amount",
  package_not_found: "package_id",
  package_inactive: "package_id",
};
