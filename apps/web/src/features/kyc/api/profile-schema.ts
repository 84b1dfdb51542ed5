/**
 * The personal data form's schema: the contract's kycProfileRequestSchema, and 18 or older on the day
 * of entry. Loaded with the form's first check (lib/forms.ts, lazySchema), not as the identity page
 * loads: building the contract's schemas was part of the page's way to its first paint on a slow phone
 * (docs/decisions.md "The contract's schemas with a form's first check").
 */
import { ageOn, kycProfileRequestSchema, kycProfileSchema, MINIMUM_AGE } from "@festgeld/domain";
import { z } from "zod";

/** The form's values: the profile's fields, with the PEP details as typed (sent only when the box is ticked). */
const valuesSchema = kycProfileSchema
  .pick({
    date_of_birth: true,
    place_of_birth: true,
    nationality: true,
    address: true,
    tax_residency: true,
    tax_id: true,
    is_pep: true,
  })
  .extend({ pep_details: z.string() });
export type Values = z.input<typeof valuesSchema>;

/** The request the form sends; `underage` words the refusal of a date of birth under 18, in the reader's language. */
export const profileSchema = (underage: () => string) =>
  valuesSchema
    .transform(
      (values): z.input<typeof kycProfileRequestSchema> => ({
        ...values,
        pep_details: values.is_pep ? values.pep_details : null,
      }),
    )
    .pipe(kycProfileRequestSchema)
    .superRefine((request, ctx) => {
      if (ageOn(request.date_of_birth, new Date().toISOString().slice(0, 10)) < MINIMUM_AGE) {
        ctx.addIssue({ code: "custom", path: ["date_of_birth"], message: underage() });
      }
    });
