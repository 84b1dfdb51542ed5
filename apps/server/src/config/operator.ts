import fs from "node:fs";
import { z } from "zod";

/**
 * Who operates the platform, as the server needs it for e-mails and documents: the sender's name and
 * the legal footer. The web app compiles its own, fuller brand file (BRAND_FILE); the server reads this
 * one at start (OPERATOR_FILE, JSON), so that e-mails and PDFs carry the operator's details without a
 * build. Without the variable, the fictional demonstration operator below is used, mirroring the demo
 * brand of the web app.
 */
export const operatorSchema = z.strictObject({
  /** Marks e-mails and documents as a demonstration, not a real offer. */
  demonstration: z.boolean(),
  name: z.string().min(1).max(200),
  shortName: z.string().min(1).max(100),
  address: z.strictObject({
    street: z.string().min(1),
    postalCode: z.string().min(1),
    city: z.string().min(1),
    country: z.string().min(1),
  }),
  managingDirectors: z.array(z.string().min(1)).min(1),
  tradeRegister: z.string().min(1),
  vatId: z.string().min(1),
  supervisor: z.string().min(1),
  supportEmail: z
    .string()
    .email()
    .or(z.string().regex(/^[^@\s]+@[^@\s]+\.invalid$/)),
  phone: z.string().min(1),
  website: z.string().url(),
  /** The bank that holds the deposits, named in the depositor information sheet. */
  partnerBank: z.string().min(1),
  depositGuarantee: z.strictObject({
    name: z.string().min(1),
    contact: z.string().min(1),
    website: z.string().url(),
    coverageEur: z.number().int().positive(),
    reimbursementWorkingDays: z.number().int().positive(),
  }),
  /** Brand colour of headings and buttons in e-mails and documents (#rrggbb). */
  accentColor: z.string().regex(/^#[0-9a-fA-F]{6}$/),
});
export type Operator = z.infer<typeof operatorSchema>;

export const DEMO_OPERATOR: Operator = {
  demonstration: true,
  name: "Festgeld Demo GmbH",
  shortName: "Festgeld Demo",
  address: { street: "Musterstraße 1", postalCode: "10115", city: "Berlin", country: "Germany" },
  managingDirectors: ["Anna Beispiel", "Jonas Muster"],
  tradeRegister: "Amtsgericht Charlottenburg (Berlin), HRB DEMO-000000 B",
  vatId: "DE-DEMO-000000000",
  supervisor: "Bundesanstalt für Finanzdienstleistungsaufsicht (BaFin)",
  supportEmail: "support@example.invalid",
  phone: "+49 30 0000 0000",
  website: "https://festgeld-demo.example",
  partnerBank: "Demo Partnerbank AG",
  depositGuarantee: {
    name: "Entschädigungseinrichtung deutscher Banken GmbH",
    contact: "Burgstraße 28, 10178 Berlin, +49 30 59 00 11 960, info@edb-banken.de",
    website: "https://www.edb-banken.de",
    coverageEur: 100_000,
    reimbursementWorkingDays: 7,
  },
  accentColor: "#1d4ed8",
};

/** Reads OPERATOR_FILE (JSON), or the demonstration operator without it; throws a readable message. */
export function loadOperator(file: string | undefined): Operator {
  if (!file) return DEMO_OPERATOR;
  let raw: unknown;
  try {
    raw = JSON.parse(fs.readFileSync(file, "utf8"));
  } catch (error) {
    throw new Error(`OPERATOR_FILE ${file} cannot be read as JSON: ${(error as Error).message}`);
  }
  const result = operatorSchema.safeParse(raw);
  if (!result.success) {
    const problems = result.error.issues.map((issue) => `${issue.path.join(".")} ${issue.message}`);
    throw new Error(`OPERATOR_FILE ${file}: ${problems.join("; ")}`);
  }
  return result.data;
}
