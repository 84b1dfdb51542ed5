import { type BaseSyntheticEvent, useEffect, useState } from "react";
import {
  type DefaultValues,
  type FieldPath,
  type FieldValues,
  get,
  type Resolver,
  type SubmitErrorHandler,
  type UseFormProps,
  type UseFormReturn,
  useForm,
} from "react-hook-form";
import type { z } from "zod";
import { ApiError, errorMessage } from "./api-client.ts";
import { i18n } from "./i18n.ts";

/**
 * The shared form plumbing (docs/decisions.md "Forms: react-hook-form with the contract's zod schemas"):
 * react-hook-form keeps the values, the contract's zod schema checks them before a request is sent, and
 * a failed request lands on the form: its field errors on the fields, its code as the form's message.
 */

/** The part of a zod issue the translation needs (zod passes the raw issue to an error map). */
export interface IssueLike {
  code?: string | undefined;
  input?: unknown;
  minimum?: unknown;
  maximum?: unknown;
  origin?: string | undefined;
  format?: string | undefined;
}

/**
 * The translated text for one zod issue: the contract's schemas speak English, the saver reads en, de
 * or fr. An empty field is "required" whatever rule it broke first.
 */
export function issueMessage(issue: IssueLike): string {
  const empty = issue.input === undefined || issue.input === null || issue.input === "";
  if (empty) return i18n.t("common:form.required");
  switch (issue.code) {
    case "too_small":
      if (issue.origin === "string") return i18n.t("common:form.tooShort", { min: Number(issue.minimum) });
      if (issue.origin === "array" || issue.origin === "set") return i18n.t("common:form.required");
      return i18n.t("common:form.invalid");
    case "too_big":
      if (issue.origin === "string") return i18n.t("common:form.tooLong", { max: Number(issue.maximum) });
      return i18n.t("common:form.invalid");
    case "invalid_format":
      if (issue.format === "email") return i18n.t("common:form.email");
      return i18n.t("common:form.invalid");
    default:
      return i18n.t("common:form.invalid");
  }
}

/** The form field a server field error names: `body.email` is the field `email`. */
export function serverFieldName(path: string): string {
  return path.replace(/^(body|query|params)\.?/, "");
}

/** The translated text of a server field error: its code's text when the catalogue has one. */
function serverFieldMessage(field: { message: string; code?: string | undefined }): string {
  const key = `errors:${field.code}`;
  if (field.code && i18n.exists(key)) return i18n.t(key);
  // A text over its limit: the server's detail names the limit ("... to have <=100 characters").
  const max = field.code === "too_big" ? /<=\s*(\d+)/.exec(field.message)?.[1] : undefined;
  if (max) return i18n.t("common:form.tooLong", { max: Number(max) });
  return i18n.t("common:form.invalid");
}

/**
 * Puts a failed request on the form: each field error of an ApiError on the field it names (when the
 * form has that field), and returns the form's message (the translated code, else `fallback`).
 */
export function applyApiError<T extends FieldValues>(
  form: Pick<UseFormReturn<T>, "setError" | "getValues">,
  error: unknown,
  fallback: string | ((error: unknown) => string),
): string {
  if (error instanceof ApiError) {
    const values = form.getValues();
    let first = true;
    for (const field of error.fields) {
      const name = serverFieldName(field.path);
      if (!name || get(values, name) === undefined) continue;
      form.setError(
        name as FieldPath<T>,
        { type: "server", message: serverFieldMessage(field) },
        { shouldFocus: first },
      );
      first = false;
    }
  }
  return typeof fallback === "function" ? fallback(error) : errorMessage(error, fallback);
}

/** Whether a field holds nothing (an empty text, no choice, an unticked box). */
function isEmpty(value: unknown): boolean {
  return value === undefined || value === null || value === "" || value === false;
}

/** The translated text of one issue of a failed parse (see translatedResolver). */
function translatedIssue(issue: z.core.$ZodIssue, input: unknown, overrides: MessageOverrides): string {
  const code = (issue as { params?: { code?: unknown } }).params?.code;
  if (typeof code === "string" && i18n.exists(`errors:${code}`)) return i18n.t(`errors:${code}`);
  // A refinement of the web app words its own message, translated when the form is checked.
  if (issue.code === "custom" && !code) return issue.message;
  if (isEmpty(input) && overrides.required) return overrides.required;
  // Too long says by how much, whatever the form's general text ("please check this field").
  if (issue.code === "too_big" && (issue as IssueLike).origin === "string")
    return issueMessage({ ...(issue as IssueLike), input });
  return overrides.invalid ?? issueMessage({ ...(issue as IssueLike), input });
}

export interface MessageOverrides {
  /** A field's own text for any of its errors (a rule whose generic text would say too little). */
  messages?: Partial<Record<string, string>> | undefined;
  /** A field's own text when it is left empty ("Please enter the IBAN of your reference account."). */
  requiredMessages?: Partial<Record<string, string>> | undefined;
  /** The form's own texts for an empty field and for any other problem without an error code. */
  required?: string | undefined;
  invalid?: string | undefined;
}

/**
 * A form's schema, or a function that builds it when the form is first checked (lazySchema): a
 * schema a form builds as it renders (from the contract's, for the reader's language) costs its
 * render, which a slow phone feels on a page of many forms (docs/decisions.md "Fewer requests before
 * the dashboard's first paint").
 */
export type SchemaSource<TOut, TIn> =
  | z.ZodType<TOut, TIn>
  | (() => z.ZodType<TOut, TIn> | Promise<z.ZodType<TOut, TIn>>);

/**
 * `build`'s schema, built on the first call (a form's first check) and kept. `build` may load the
 * contract's schema with the check (a dynamic import): the page then does not build the contract's
 * schemas as it loads (docs/decisions.md "The contract's schemas with a form's first check"). A load
 * that failed is tried again at the next check.
 */
export function lazySchema<TOut, TIn>(
  build: () => z.ZodType<TOut, TIn> | Promise<z.ZodType<TOut, TIn>>,
): () => z.ZodType<TOut, TIn> | Promise<z.ZodType<TOut, TIn>> {
  let schema: z.ZodType<TOut, TIn> | Promise<z.ZodType<TOut, TIn>> | undefined;
  return () => {
    if (schema) return schema;
    const built = build();
    schema = built;
    if (built instanceof Promise) {
      built.catch(() => {
        if (schema === built) schema = undefined;
      });
    }
    return built;
  };
}

/**
 * @hookform/resolvers' zod resolver, loaded with a form's first check, as a lazy schema is (lazySchema):
 * it brings zod's own code, about 24 KB compressed, which a page whose forms build their schemas when
 * first checked then does not load before its first paint (docs/decisions.md "The signed-in pages
 * measured cold"). A load that failed is tried again at the next check.
 */
let zodResolverModule: Promise<typeof import("@hookform/resolvers/zod")> | undefined;
export function loadZodResolver() {
  zodResolverModule ??= import("@hookform/resolvers/zod");
  const loading = zodResolverModule;
  loading.catch(() => {
    if (zodResolverModule === loading) zodResolverModule = undefined;
  });
  return loading;
}

/**
 * @hookform/resolvers' zod resolver with translated messages: the contract's schemas word their
 * problems in English, so after a failed check each field's first issue is worded again in the current
 * language: a refinement's error code (`params.code`, such as invalid_iban) by its text in `errors`,
 * any other issue by issueMessage, unless `overrides` give the field its own text.
 */
export function translatedResolver<TIn extends FieldValues, TOut>(
  source: SchemaSource<TOut, TIn>,
  overrides: MessageOverrides = {},
  /** Called when the schema could not be loaded (no connection): the check then fails on the form as a whole. */
  onUnavailable?: (error: unknown) => void,
): Resolver<TIn, unknown, TOut> {
  const schemaOf = typeof source === "function" ? source : () => source;
  let base: Resolver<TIn, unknown, TOut> | undefined;
  return async (values, context, options) => {
    let schema: z.ZodType<TOut, TIn>;
    let zodResolver: typeof import("@hookform/resolvers/zod")["zodResolver"];
    try {
      [schema, { zodResolver }] = await Promise.all([schemaOf(), loadZodResolver()]);
    } catch (error) {
      onUnavailable?.(error);
      return { values: {}, errors: { root: { type: "unavailable", message: "" } } } as never;
    }
    // biome-ignore lint/suspicious/noExplicitAny: the resolver's overloads take zod 3 and 4 schemas
    base ??= zodResolver(schema as any) as never;
    const result = await base(values, context, options as never);
    if (Object.keys(result.errors).length === 0) return result as never;
    const parsed = await schema.safeParseAsync(values);
    const seen = new Set<string>();
    for (const issue of parsed.error?.issues ?? []) {
      const name = issue.path.join(".");
      if (seen.has(name)) continue;
      seen.add(name);
      const error = get(result.errors, name) as { message?: string } | undefined;
      if (!error) continue;
      const value = get(values, name);
      const own = isEmpty(value) ? overrides.requiredMessages?.[name] : undefined;
      error.message = own ?? overrides.messages?.[name] ?? translatedIssue(issue, value, overrides);
    }
    return result as never;
  };
}

export interface ApiFormOptions<TIn extends FieldValues, TOut>
  extends Omit<UseFormProps<TIn, unknown, TOut>, "resolver" | "defaultValues">,
    MessageOverrides {
  /** The contract's request schema (or one built on it, or a function that builds it: lazySchema) that checks the values before sending. */
  schema: SchemaSource<TOut, TIn>;
  defaultValues: DefaultValues<TIn>;
  /** The form's message when a failed request has no translated code (or the function that words it). */
  fallback: string | ((error: unknown) => string);
}

/**
 * One form: react-hook-form with the translated zod resolver, focus on the first invalid field on
 * submit, and the form's message (`formError`), cleared as soon as a field changes. `submit(handler)`
 * gives the form's onSubmit: the handler gets the checked values; when it throws, applyApiError puts
 * the error on the form. `pending` holds while the handler runs (disabled submit); `done` once it has
 * succeeded, until a field changes (a success note, or a button that stays disabled while the page moves on).
 */
export function useApiForm<TIn extends FieldValues, TOut>({
  schema,
  fallback,
  messages,
  requiredMessages,
  required,
  invalid,
  ...options
}: ApiFormOptions<TIn, TOut>) {
  const form = useForm<TIn, unknown, TOut>({
    shouldFocusError: true,
    ...options,
    resolver: translatedResolver(schema, { messages, requiredMessages, required, invalid }, (error) =>
      setFormError(typeof fallback === "function" ? fallback(error) : fallback),
    ),
  });
  const [formError, setFormError] = useState<string | null>(null);
  const [done, setDone] = useState(false);
  const { subscribe } = form;
  useEffect(
    () =>
      subscribe({
        formState: { values: true },
        callback: () => {
          setFormError(null);
          setDone(false);
        },
      }),
    [subscribe],
  );
  const submit = (handler: (values: TOut) => unknown, onInvalid?: SubmitErrorHandler<TIn>) => {
    const run = form.handleSubmit(async (values) => {
      setFormError(null);
      setDone(false);
      try {
        await handler(values);
        setDone(true);
      } catch (error) {
        setFormError(applyApiError(form, error, fallback));
      }
    }, onInvalid);
    // One request at a time: the submit button stays focusable while pending (SubmitButton), so Enter
    // in a field or on the button must not send the form again.
    return (event?: BaseSyntheticEvent) => {
      if (form.formState.isSubmitting) {
        event?.preventDefault();
        return Promise.resolve();
      }
      return run(event);
    };
  };
  return { form, formError, setFormError, submit, pending: form.formState.isSubmitting, done, setDone };
}

/** The error text of one field of a form, for a control's `error` prop. */
export function fieldError<T extends FieldValues>(
  form: UseFormReturn<T, unknown, unknown>,
  name: FieldPath<T>,
) {
  return (get(form.formState.errors, name) as { message?: string } | undefined)?.message;
}

/**
 * Puts the web app's own checks on the form from a schema's `superRefine`: each message (already in
 * the reader's language) becomes an issue on the field it names; empty ones are left out.
 */
export function addMessages(
  ctx: z.RefinementCtx,
  messages: Partial<Record<string, string | null | undefined>>,
): void {
  for (const [field, message] of Object.entries(messages)) {
    if (message) ctx.addIssue({ code: "custom", path: [field], message });
  }
}

/**
 * A request a button starts, with no values to check: `run(action, onDone)` holds `pending` while it
 * runs; `onDone` gets its answer, and a failure becomes `error` (the translated code, else `fallback`).
 */
export function useApiAction(fallback: string) {
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const run = async <T>(action: () => Promise<T>, onDone?: (answer: T) => void) => {
    setPending(true);
    setError(null);
    try {
      const answer = await action();
      onDone?.(answer);
    } catch (err) {
      setError(errorMessage(err, fallback));
    } finally {
      setPending(false);
    }
  };
  return { run, pending, error, setError };
}
