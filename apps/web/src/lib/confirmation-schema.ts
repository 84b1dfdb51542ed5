import { z } from "zod";

/**
 * A schema with a repeat field (`confirm`) that must equal `field`; the mismatch shows on the repeat
 * field in the current language (`message` is read when the form is checked). Apart from lib/forms.ts,
 * which loads zod only with a form's first check: the pages that build such a schema as they load
 * carry zod anyway.
 */
export function withConfirmation<S extends z.ZodObject>(
  schema: S,
  field: keyof z.input<S> & string,
  message: () => string,
): z.ZodType<z.output<S> & { confirm: string }, z.input<S> & { confirm: string }> {
  return schema
    .extend({ confirm: z.string() })
    .refine((values) => (values as Record<string, unknown>)[field] === values.confirm, {
      path: ["confirm"],
      error: message,
    }) as never;
}
