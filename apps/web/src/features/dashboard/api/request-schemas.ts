/**
 * The contract's request schemas of the dashboard cards' forms, loaded with a form's first check
 * (lib/forms.ts, lazySchema): building the contract's schemas cost the dashboard's load a long task on
 * a slow phone, for forms most visits never send (docs/decisions.md "The contract's schemas with a
 * form's first check").
 */
export { applicationDetailsRequestSchema, maturityInstructionRequestSchema } from "@festgeld/domain";
