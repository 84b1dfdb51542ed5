import {
  type Dossier,
  type KycDocument,
  profileDecisionRequestSchema,
  staffNoteRequestSchema,
} from "@festgeld/domain";
import { type ReactNode, useId, useRef } from "react";
import { useTranslation } from "react-i18next";
import { Link, useLocation, useParams } from "react-router";
import { z } from "zod";
import { useHeadingFocus } from "../../components/admin/use-heading-focus.ts";
import { FormErrorAlert } from "../../components/ui/form-alert.tsx";
import { RadioChoices, TextAreaField } from "../../components/ui/form-field.tsx";
import { RequireUser } from "../../components/ui/require-user.tsx";
import { Section } from "../../components/ui/section.tsx";
import { Spinner } from "../../components/ui/spinner.tsx";
import { SubmitButton } from "../../components/ui/submit-button.tsx";
import { errorMessage } from "../../lib/api-client.ts";
import { countryName } from "../../lib/brand-text.ts";
import { formatMoney } from "../../lib/format.ts";
import { formatCalendarDate, formatDate, formatDateTime } from "../../lib/format-date.ts";
import { useApiForm } from "../../lib/forms.ts";
import { i18n } from "../../lib/i18n.ts";
import { toast } from "../../lib/toast.ts";
import { useDocumentTitle } from "../../lib/use-document-title.ts";
import { useAddNote, useDossier, useProfileDecision } from "./api/dossier-api.ts";
import { DecisionForm } from "./components/decision-form.tsx";
import { EmailConfirmation } from "./components/email-confirmation.tsx";
import { FileViewer } from "./components/file-viewer.tsx";

/** A label's colon: French sets a narrow no-break space before it (docs/decisions.md, "French punctuation"). */
function colon(language: string) {
  return language.startsWith("fr") ? "\u202f:" : ":";
}

function DossierSection({
  title,
  children,
  testId,
}: {
  title: string;
  children: ReactNode;
  testId?: string;
}) {
  const id = useId();
  return (
    <Section id={id} title={title} heading="box" className="card space-y-3" data-testid={testId}>
      {children}
    </Section>
  );
}

/** The current document of each type, identity documents first and the selfie beside them. */
function currentDocuments(documents: KycDocument[]) {
  const order = ["id_card", "id_card_back", "passport", "selfie", "utility_bill"];
  const seen = new Map<string, KycDocument>();
  for (const doc of documents) if (!seen.has(doc.document_type)) seen.set(doc.document_type, doc);
  return [...seen.values()].sort((a, b) => order.indexOf(a.document_type) - order.indexOf(b.document_type));
}

/** The reviewer's choice as typed; a rejection needs its reason. Sent as the contract's request. */
const profileDecisionSchema = z
  .object({ decision: z.enum(["approve", "reject"]), reason: z.string() })
  .superRefine((values, ctx) => {
    if (values.decision === "reject" && !values.reason.trim()) {
      ctx.addIssue({ code: "custom", path: ["reason"], message: i18n.t("identity:dossier.reasonRequired") });
    }
  })
  .transform((values) =>
    values.decision === "approve"
      ? { decision: "approve" as const }
      : { decision: "reject" as const, reason: values.reason },
  )
  .pipe(profileDecisionRequestSchema);

function ProfileDecision({ userId }: { userId: string }) {
  const { t } = useTranslation("identity");
  const decide = useProfileDecision(userId);
  const { form, formError, submit, pending } = useApiForm({
    schema: profileDecisionSchema,
    defaultValues: { decision: undefined, reason: "" },
    fallback: t("dossier.decideFailed"),
  });
  const choice = form.watch("decision");
  const id = useId();
  return (
    <form
      onSubmit={submit(async (body) => {
        await decide.mutateAsync(body);
        toast(t("dossier.decided"), "success");
      })}
      noValidate
      className="space-y-3"
      data-testid="profile-decision-form"
    >
      <fieldset>
        <legend className="label">{t("dossier.decideProfile")}</legend>
        <RadioChoices
          form={form}
          name="decision"
          choices={["approve", "reject"] as const}
          label={(value) => t(`dossier.${value}`)}
        />
      </fieldset>
      {choice === "reject" && (
        <TextAreaField
          form={form}
          name="reason"
          id={`${id}-reason`}
          label={t("dossier.reason")}
          className="input min-h-20"
          maxLength={1000}
        />
      )}
      <FormErrorAlert message={formError} />
      <SubmitButton
        pending={pending}
        disabled={!choice}
        label={t("dossier.submit")}
        pendingLabel={t("dossier.submit")}
      />
    </form>
  );
}

function Notes({ dossier }: { dossier: Dossier }) {
  const { t, i18n } = useTranslation("identity");
  const add = useAddNote(dossier.user.id);
  const { form, submit, pending } = useApiForm({
    schema: staffNoteRequestSchema,
    defaultValues: { text: "" },
    fallback: t("dossier.decideFailed"),
  });
  const text = form.watch("text");
  const id = useId();
  const save = submit(async (note) => {
    try {
      await add.mutateAsync(note.text);
      form.reset();
      toast(t("dossier.noteAdded"), "success");
    } catch (err) {
      toast(errorMessage(err, t("dossier.decideFailed")), "error");
    }
  });
  return (
    <>
      {dossier.notes.length === 0 ? (
        <p className="text-slate-600 dark:text-slate-400">{t("dossier.noNotes")}</p>
      ) : (
        <ul className="space-y-2">
          {dossier.notes.map((n) => (
            <li key={n.id} className="text-slate-800 dark:text-slate-200">
              <span className="text-sm text-slate-600 dark:text-slate-400">
                {formatDateTime(n.created_at, i18n.language)}, {n.author.full_name}
                {colon(i18n.language)}
              </span>{" "}
              {n.text}
            </li>
          ))}
        </ul>
      )}
      <form onSubmit={save} noValidate className="space-y-2">
        <TextAreaField
          form={form}
          name="text"
          id={`${id}-note`}
          label={t("dossier.noteLabel")}
          className="input min-h-20"
          maxLength={4000}
        />
        <SubmitButton
          pending={pending}
          disabled={!text.trim()}
          className="btn-secondary"
          label={t("dossier.addNote")}
          pendingLabel={t("dossier.addNote")}
        />
      </form>
    </>
  );
}

function DossierView({ dossier }: { dossier: Dossier }) {
  const { t, i18n } = useTranslation(["identity", "kyc", "errors", "admin"]);
  const { user, profile } = dossier;
  const docs = currentDocuments(dossier.documents);
  const heading = useRef<HTMLHeadingElement>(null);
  // Arriving from the queue, focus goes to the saver's name.
  useHeadingFocus(heading, user.id);
  const typeName = (type: string) => t([`kyc:staffTypes.${type}.title`, `kyc:types.${type}.title`]);
  const blocker = dossier.may_be_approved.code;
  const c = colon(i18n.language);
  return (
    <div className="space-y-6">
      <header className="space-y-1">
        <h1
          ref={heading}
          tabIndex={-1}
          className="rounded-sm text-2xl font-bold text-slate-900 focus-visible:outline-2 focus-visible:outline-offset-4 focus-visible:outline-brand-600 dark:text-white dark:focus-visible:outline-brand-300"
        >
          {t("dossier.title", { name: user.full_name })}
        </h1>
        <p className="text-slate-600 dark:text-slate-300">{user.email}</p>
        <EmailConfirmation userId={user.id} email={user.email} />
        <p className="text-slate-800 dark:text-slate-200">
          {t("dossier.kycStatus")}
          {c} {t(`kyc:review.userStatuses.${user.kyc_status}`)}
        </p>
        <p data-testid="dossier-may-be-approved" data-ok={String(dossier.may_be_approved.ok)}>
          {dossier.may_be_approved.ok
            ? t("dossier.mayBeApproved")
            : t("dossier.blocked", { reason: blocker ? t(`errors:${blocker}`) : "" })}
        </p>
      </header>

      <DossierSection title={t("dossier.personal")} testId="dossier-personal">
        {profile ? (
          <>
            <dl className="grid grid-cols-1 gap-x-6 gap-y-1 text-sm md:grid-cols-2">
              {(
                [
                  [
                    t("profile.dateOfBirth"),
                    formatCalendarDate(profile.date_of_birth, i18n.language, "long"),
                  ],
                  [t("profile.placeOfBirth"), profile.place_of_birth],
                  [t("profile.nationality"), countryName(profile.nationality, i18n.language)],
                  [
                    t("profile.street"),
                    `${profile.address.street}, ${profile.address.postcode} ${profile.address.city}, ${countryName(profile.address.country, i18n.language)}`,
                  ],
                  [t("profile.taxResidency"), countryName(profile.tax_residency, i18n.language)],
                  [t("profile.taxId"), profile.tax_id],
                  [
                    t("dossier.pep"),
                    profile.is_pep ? `${t("dossier.yes")}${c} ${profile.pep_details ?? ""}` : t("dossier.no"),
                  ],
                  [t("kyc:review.columns.status"), t(`dossier.status.${profile.review_status}`)],
                ] as const
              ).map(([label, value]) => (
                <div key={label} className="flex gap-2">
                  <dt className="font-medium text-slate-700 dark:text-slate-300">
                    {label}
                    {c}
                  </dt>
                  <dd className="text-slate-900 dark:text-slate-100">{value}</dd>
                </div>
              ))}
            </dl>
            {profile.review_status === "pending" && <ProfileDecision userId={user.id} />}
          </>
        ) : (
          <p className="text-slate-600 dark:text-slate-400">{t("dossier.noProfile")}</p>
        )}
      </DossierSection>

      <DossierSection title={t("dossier.documents")} testId="dossier-documents">
        {docs.length === 0 ? (
          <p className="text-slate-600 dark:text-slate-400">{t("dossier.noDocuments")}</p>
        ) : (
          <div className="grid gap-6 md:grid-cols-2">
            {docs.map((doc) => (
              <article
                key={doc.id}
                className="space-y-2"
                data-testid={`dossier-document-${doc.document_type}`}
              >
                <h3 className="font-semibold text-slate-900 dark:text-white">
                  {typeName(doc.document_type)} ({t(`dossier.status.${doc.status}`)})
                </h3>
                <FileViewer document={doc} userName={user.full_name} />
                {doc.status === "pending" && <DecisionForm document={doc} onDecided={() => undefined} />}
                {doc.rejection_reason && (
                  <p className="text-sm text-slate-700 dark:text-slate-300">{doc.rejection_reason}</p>
                )}
              </article>
            ))}
          </div>
        )}
      </DossierSection>

      <DossierSection title={t("dossier.history")}>
        {dossier.decisions.filter((d) => d.action !== "view_file").length === 0 ? (
          <p className="text-slate-600 dark:text-slate-400">{t("dossier.noHistory")}</p>
        ) : (
          <ul className="space-y-1 text-sm">
            {dossier.decisions
              .filter((d) => d.action !== "view_file")
              .map((d) => {
                const doc = dossier.documents.find((x) => x.id === d.document_id);
                return (
                  <li key={d.id} className="text-slate-800 dark:text-slate-200">
                    {formatDateTime(d.created_at, i18n.language)}
                    {c} {d.actor.full_name} {t(`dossier.actions.${d.action}`)}{" "}
                    {doc ? typeName(doc.document_type) : ""}
                    {d.reason ? ` (${d.reason})` : ""}
                  </li>
                );
              })}
          </ul>
        )}
      </DossierSection>

      <DossierSection title={t("dossier.idents")}>
        {dossier.ident_verifications.length === 0 ? (
          <p className="text-slate-600 dark:text-slate-400">{t("dossier.noIdents")}</p>
        ) : (
          <ul className="space-y-1 text-sm">
            {dossier.ident_verifications.map((v) => (
              <li key={v.id}>
                {formatDateTime(v.created_at, i18n.language)}
                {c} {v.provider} ({v.method}) {v.result}{" "}
                {[v.first_name, v.last_name].filter(Boolean).join(" ")} {v.date_of_birth ?? ""}
                {!v.name_matches_account && (
                  <strong
                    className="ml-2 text-amber-700 dark:text-amber-400"
                    data-testid="dossier-name-mismatch"
                  >
                    {t("dossier.nameMismatch")}
                  </strong>
                )}
              </li>
            ))}
          </ul>
        )}
      </DossierSection>

      <DossierSection title={t("dossier.screenings")} testId="dossier-screenings">
        {dossier.screenings.length === 0 ? (
          <p className="text-slate-600 dark:text-slate-400">{t("dossier.noScreenings")}</p>
        ) : (
          <ul className="space-y-1 text-sm">
            {dossier.screenings.map((s) => (
              <li key={s.id}>
                {t("dossier.screening", {
                  date: formatDateTime(s.created_at, i18n.language),
                  // A list by its date, as the sanctions area names it; a version that is no date as published.
                  version: Number.isNaN(Date.parse(s.list_version))
                    ? s.list_version
                    : formatDate(s.list_version, i18n.language),
                  trigger: t(`dossier.triggers.${s.trigger}`),
                  hits: s.hits,
                })}
              </li>
            ))}
          </ul>
        )}
        {dossier.hits.map((h) => (
          <p key={h.id} className="text-sm">
            {h.matched_name} ({h.entry_reference}){c} {t(`aml.filters.${h.status}`)}
            {h.reason ? `, ${h.reason}` : ""}
          </p>
        ))}
      </DossierSection>

      <DossierSection title={t("dossier.applications")}>
        {dossier.applications.length === 0 ? (
          <p className="text-slate-600 dark:text-slate-400">{t("dossier.noApplications")}</p>
        ) : (
          <ul className="space-y-1 text-sm">
            {dossier.applications.map((a) => (
              <li key={a.id}>
                {formatDate(a.created_at, i18n.language)}
                {c} {formatMoney(a.amount, a.currency, i18n.language)},{" "}
                {t("admin:applications.months", { count: a.duration_months })},{" "}
                {t(`admin:statuses.${a.status}`)}
              </li>
            ))}
          </ul>
        )}
      </DossierSection>

      <DossierSection title={t("dossier.notes")}>
        <Notes dossier={dossier} />
      </DossierSection>
    </div>
  );
}

function DossierContent() {
  const { t } = useTranslation("identity");
  const { userId = "" } = useParams();
  const dossier = useDossier(userId);
  // Back to the list the dossier was opened from (links pass it as state), else the KYC queue.
  const from = (useLocation().state as { from?: unknown } | null)?.from;
  const back = typeof from === "string" && from.startsWith("/admin") ? from : "/admin?tab=kyc";
  useDocumentTitle(
    dossier.data ? t("dossier.title", { name: dossier.data.user.full_name }) : t("dossier.loading"),
    "",
  );
  return (
    <div className="mx-auto max-w-6xl space-y-6 px-4 py-10">
      <Link to={back} className="text-brand-700 underline dark:text-brand-300" data-testid="dossier-back">
        {t("dossier.back")}
      </Link>
      {dossier.isPending ? (
        <Spinner label={t("dossier.loading")} />
      ) : dossier.isError || !dossier.data ? (
        <p role="alert">{errorMessage(dossier.error, t("dossier.loadFailed"))}</p>
      ) : (
        <DossierView dossier={dossier.data} />
      )}
    </div>
  );
}

/** /admin/dossier/:userId: everything staff need to decide on one saver's identity. */
export default function DossierPage() {
  return (
    <RequireUser adminOnly>
      <DossierContent />
    </RequireUser>
  );
}
