import {
  type ApplicationCreateRequest,
  applicationCreateRequestSchema,
  type MaturityInstruction,
  type Package,
} from "@festgeld/domain";
import { LIMITS, MATURITY_INSTRUCTIONS } from "@festgeld/domain/constants";
import { ibanLengthFor, ibanProblem, normalizeIban } from "@festgeld/domain/iban";
import { z } from "zod";
import { instructionFields } from "../../../components/deposits/min-rate.ts";
import { amountMessage, decimalValue } from "../../../components/money/amount-rules.ts";
import { decimalInputText } from "../../../lib/decimal.ts";
import { addMessages } from "../../../lib/forms.ts";
import { i18n } from "../../../lib/i18n.ts";
import { isEmail, isPhone } from "../../../lib/validation.ts";

/** The form's values as typed: the amount in the saver's language, the IBAN with any spacing. */
const valuesSchema = z.object({
  full_name: z.string(),
  email: z.string(),
  phone: z.string(),
  package_id: z.string(),
  amount: z.string(),
  message: z.string(),
  reference_iban: z.string(),
  maturity_instruction: z.enum(["", ...MATURITY_INSTRUCTIONS]),
  renew_min_rate: z.string().optional(),
  info_sheet_acknowledged: z.boolean(),
});
export type ApplicationFormValues = z.input<typeof valuesSchema>;
export type FieldName = keyof ApplicationFormValues;

export const emptyApplication = (packageId = "", amount = ""): ApplicationFormValues => ({
  full_name: "",
  email: "",
  phone: "",
  package_id: packageId,
  amount,
  message: "",
  reference_iban: "",
  maturity_instruction: "",
  renew_min_rate: "",
  info_sheet_acknowledged: false,
});

export const MESSAGE_MAX = 2000;

/** What /packages, /compare or the calculator hand on in navigation state. */
export interface Carried {
  packageId?: unknown;
  amount?: unknown;
  term?: unknown;
}

/**
 * The form's first values: the carried amount as the saver would type it, the carried package when it
 * is (still) offered, else for a carried term the best rate for that term whose limits take the amount.
 */
export function startingValues(carried: Carried, packages: Package[], language: string) {
  const amount = typeof carried.amount === "number" && carried.amount > 0 ? carried.amount : 0;
  const offered = packages.find((p) => p.id === carried.packageId);
  const best =
    offered ??
    packages
      .filter((p) => p.duration_months === carried.term && amount >= p.min_amount && amount <= p.max_amount)
      .sort((a, b) => b.interest_rate - a.interest_rate)[0];
  return emptyApplication(best?.id ?? "", amount ? decimalInputText(amount, language) : "");
}

const text = (key: string, values?: Record<string, string | number>) => i18n.t(`invest:${key}`, values);

/**
 * The browser-side checks of the application form (amounts as typed in `language`), each problem
 * worded in the current language; the server repeats every one of them.
 */
export function validateApplication(
  values: ApplicationFormValues,
  packages: Package[],
  language = "en",
): Partial<Record<FieldName, string>> {
  const problems: Partial<Record<FieldName, string>> = {};
  const name = values.full_name.trim();
  if (!name) problems.full_name = text("validation.required");
  else if (name.length > 200) problems.full_name = text("validation.tooLong", { max: 200 });
  if (!values.email.trim()) problems.email = text("validation.required");
  else if (!isEmail(values.email)) problems.email = text("validation.email");
  if (!values.phone.trim()) problems.phone = text("validation.required");
  else if (!isPhone(values.phone)) problems.phone = text("validation.phone");

  const pkg = packages.find((p) => p.id === values.package_id);
  if (!pkg) problems.package_id = text("validation.packageRequired");
  const amount = amountMessage(values.amount, language, {
    min: Math.max(LIMITS.minAmount, pkg?.min_amount ?? 0),
    max: pkg?.max_amount ?? LIMITS.maxAmount,
    ofPackage: Boolean(pkg),
  });
  if (amount) problems.amount = amount;

  if (values.message.trim().length > MESSAGE_MAX) {
    problems.message = text("validation.tooLong", { max: MESSAGE_MAX });
  }

  const iban = ibanProblem(values.reference_iban);
  if (iban) {
    const country = normalizeIban(values.reference_iban).slice(0, 2);
    problems.reference_iban = text(`validation.iban.${iban}`, {
      country,
      length: ibanLengthFor(country) ?? 0,
    });
  }
  if (!values.maturity_instruction) problems.maturity_instruction = text("validation.maturityRequired");
  if (!values.info_sheet_acknowledged) problems.info_sheet_acknowledged = text("validation.acknowledgement");
  return problems;
}

/** The request for valid form values. */
export function toRequest(values: ApplicationFormValues, language = "en"): ApplicationCreateRequest {
  const message = values.message.trim();
  return {
    full_name: values.full_name.trim(),
    email: values.email.trim(),
    phone: values.phone.trim(),
    amount: decimalValue(values.amount, language),
    package_id: values.package_id,
    ...(message ? { message } : {}),
    reference_iban: normalizeIban(values.reference_iban),
    ...instructionFields(values.maturity_instruction as MaturityInstruction, values.renew_min_rate, language),
    info_sheet_acknowledged: true,
  };
}

/**
 * The form's schema (lib/forms.ts useApiForm): the web app's checks above, worded for the saver, then
 * the request as the contract's applicationCreateRequestSchema takes it.
 */
export function applicationSchema(packages: Package[], language: string) {
  return valuesSchema
    .superRefine((values, ctx) => addMessages(ctx, validateApplication(values, packages, language)))
    .transform((values) => toRequest(values, language))
    .pipe(applicationCreateRequestSchema);
}

/** Which field an error code of the server belongs to, to show its text beside that field. */
export const FIELD_OF_ERROR_CODE: Record<string, FieldName> = {
  invalid_iban: "reference_iban",
  info_sheet_not_acknowledged: "info_sheet_acknowledged",
  package_amount_out_of_range: "amount",
  package_not_found: "package_id",
  package_inactive: "package_id",
};
