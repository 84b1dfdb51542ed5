import { type LadderCreateRequest, ladderCreateRequestSchema } from "@festgeld/domain";
import { DURATIONS_MONTHS, MATURITY_INSTRUCTIONS } from "@festgeld/domain/constants";
import { normalizeIban } from "@festgeld/domain/iban";
import { useId, useMemo } from "react";
import { useTranslation } from "react-i18next";
import { useLocation, useNavigate } from "react-router";
import { z } from "zod";
import {
  InfoSheetAcknowledgementField,
  MaturityInstructionField,
  ReferenceIbanField,
} from "../../components/deposits/details-fields.tsx";
import { instructionFields } from "../../components/deposits/min-rate.ts";
import { SaverPage } from "../../components/layout/saver-page.tsx";
import { FormErrorAlert } from "../../components/ui/form-alert.tsx";
import {
  EmailField,
  FormField,
  FullNameField,
  fieldsOf,
  PhoneField,
} from "../../components/ui/form-field.tsx";
import { SubmitButton } from "../../components/ui/submit-button.tsx";
import { decimalInputText, parseDecimal } from "../../lib/decimal.ts";
import { useApiForm } from "../../lib/forms.ts";
import { useSession } from "../../lib/session.tsx";
import { toast } from "../../lib/toast.ts";
import { useCreateLadder } from "./api/ladders-api.ts";

/** What the calculator's ladder mode hands on in navigation state. */
interface Carried {
  total?: unknown;
  terms?: unknown;
}

function LadderForm() {
  const { t, i18n } = useTranslation(["tools", "invest"]);
  const language = i18n.language;
  const id = useId();
  const navigate = useNavigate();
  const { user } = useSession();
  const carried = (useLocation().state ?? {}) as Carried;
  const carriedTerms = Array.isArray(carried.terms)
    ? carried.terms.filter((x): x is number => (DURATIONS_MONTHS as readonly unknown[]).includes(x))
    : [6, 12, 24];
  const create = useCreateLadder();
  const schema = useMemo(
    () =>
      z
        .object({
          total_amount: z.string(),
          terms: z.array(z.string()),
          full_name: z.string(),
          email: z.string(),
          phone: z.string(),
          reference_iban: z.string(),
          maturity_instruction: z.enum(MATURITY_INSTRUCTIONS),
          renew_min_rate: z.string().optional(),
          info_sheet_acknowledged: z.boolean(),
        })
        .transform(
          ({
            total_amount,
            terms,
            renew_min_rate,
            maturity_instruction,
            reference_iban,
            ...rest
          }): LadderCreateRequest => ({
            ...rest,
            total_amount: parseDecimal(total_amount, language) ?? Number.NaN,
            terms: terms.map(Number) as LadderCreateRequest["terms"],
            reference_iban: normalizeIban(reference_iban),
            ...instructionFields(maturity_instruction, renew_min_rate, language),
          }),
        )
        .pipe(ladderCreateRequestSchema),
    [language],
  );
  const { form, formError, submit, pending } = useApiForm({
    schema,
    defaultValues: {
      total_amount: typeof carried.total === "number" ? decimalInputText(carried.total, language) : "",
      terms: carriedTerms.map(String),
      full_name: user?.full_name ?? "",
      email: user?.email ?? "",
      phone: "",
      reference_iban: "",
      maturity_instruction: "renew_all",
      renew_min_rate: "",
      info_sheet_acknowledged: false,
    },
    fallback: t("ladder.failed"),
  });
  const field = fieldsOf(form, id);

  return (
    <form
      className="card mt-8 space-y-5"
      noValidate
      onSubmit={submit(async (body) => {
        await create.mutateAsync(body);
        toast(t("ladder.created"), "success");
        navigate("/dashboard");
      })}
      data-testid="ladder-form"
    >
      <FormField
        {...field("total_amount", "total")}
        label={t("ladder.total")}
        hint={t("ladder.splitNote")}
        inputMode="decimal"
        autoComplete="off"
        required
      />
      <fieldset>
        <legend className="label">{t("ladder.terms")}</legend>
        <div className="mt-2 flex flex-wrap gap-3">
          {DURATIONS_MONTHS.map((term) => (
            <label key={term} className="flex items-center gap-2 text-sm text-slate-800 dark:text-slate-200">
              <input
                type="checkbox"
                value={String(term)}
                className="h-4 w-4 accent-brand-700"
                {...form.register("terms")}
              />
              {t("invest:packages.months", { count: term })}
            </label>
          ))}
        </div>
      </fieldset>
      <FullNameField {...field("full_name", "name")} label={t("invest:apply.fields.full_name")} />
      <EmailField {...field("email")} label={t("invest:apply.fields.email")} />
      <PhoneField {...field("phone")} label={t("invest:apply.fields.phone")} />
      <ReferenceIbanField {...field("reference_iban", "iban")} />
      <MaturityInstructionField
        {...field("maturity_instruction", "instruction")}
        legend={t("invest:apply.fields.maturity_instruction")}
        describe
        minRateName="renew_min_rate"
      />
      <InfoSheetAcknowledgementField {...field("info_sheet_acknowledged", "ack")} />
      <FormErrorAlert message={formError} />
      <SubmitButton
        pending={pending}
        label={t("ladder.submit")}
        pendingLabel={t("ladder.submitting")}
        className="btn-primary w-full"
      />
    </form>
  );
}

/**
 * /apply/ladder: the applications of a deposit ladder, one per rung, with the details an application
 * asks for given once (the server splits the amount and checks each rung against its package).
 */
export default function LadderApplyPage() {
  const { t } = useTranslation("tools");
  return (
    <SaverPage title={t("ladder.applyTitle")} intro={t("ladder.applyIntro")} width="max-w-2xl">
      <p className="mt-2 text-sm text-slate-600 dark:text-slate-300">{t("ladder.explain")}</p>
      <LadderForm />
    </SaverPage>
  );
}
