import {
  applicationDetailsRequestSchema,
  kycProfileRequestSchema,
  loginRequestSchema,
  passwordChangeRequestSchema,
} from "@festgeld/domain";
import { act, cleanup, fireEvent, render, screen } from "@testing-library/react";
import { useState } from "react";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { z } from "zod";
import { FormErrorAlert } from "../components/ui/form-alert.tsx";
import { EmailField, PasswordField } from "../components/ui/form-field.tsx";
import { SubmitButton } from "../components/ui/submit-button.tsx";
import { renderTranslated } from "../test/render.tsx";
import { ApiError } from "./api-client.ts";
import { withConfirmation } from "./confirmation-schema.ts";
import {
  applyApiError,
  issueMessage,
  lazySchema,
  loadZodResolver,
  type SchemaSource,
  serverFieldName,
  translatedResolver,
  useApiAction,
  useApiForm,
} from "./forms.ts";
import { changeLanguage, i18n, i18nReady } from "./i18n.ts";

beforeAll(async () => {
  await i18nReady;
  await i18n.loadNamespaces(["account", "errors"]);
  // The check's library comes with a form's first check in the app; loaded here, so that each check
  // below completes within the submit's act (the failed load is tested with a lazy schema).
  await loadZodResolver();
});
afterEach(async () => {
  cleanup();
  await changeLanguage("en");
});

/** A sign-in form on the shared pieces; `send` stands for the API call. */
function LoginForm({
  send,
  schema = loginRequestSchema,
}: {
  send: (values: { email: string; password: string }) => Promise<void>;
  schema?: SchemaSource<{ email: string; password: string }, { email: string; password: string }>;
}) {
  const { form, formError, submit, pending, done } = useApiForm({
    schema,
    defaultValues: { email: "", password: "" },
    fallback: "fallback",
  });
  return (
    <form onSubmit={submit(send)} noValidate>
      <FormErrorAlert message={formError} testId="form-error" />
      <EmailField form={form} name="email" id="email" />
      <PasswordField form={form} name="password" id="password" />
      <SubmitButton pending={pending} label="Go" pendingLabel="Going" testId="submit" />
      {done && <p data-testid="done">done</p>}
    </form>
  );
}

function renderForm(send = vi.fn(async () => {})) {
  renderTranslated(<LoginForm send={send} />);
  return send;
}

async function submitForm() {
  await act(async () => {
    fireEvent.click(screen.getByTestId("submit"));
  });
}

describe("issueMessage", () => {
  it("translates the zod issue codes, and an empty field is required whatever rule it broke", async () => {
    expect(issueMessage({ code: "too_small", origin: "string", minimum: 8, input: "abc" })).toBe(
      "Please enter at least 8 characters.",
    );
    expect(issueMessage({ code: "invalid_format", format: "email", input: "" })).toBe(
      "Please fill in this field.",
    );
    await changeLanguage("de");
    expect(issueMessage({ code: "invalid_format", format: "email", input: "x@" })).toBe(
      "Bitte geben Sie eine gültige E-Mail-Adresse ein.",
    );
    await changeLanguage("fr");
    expect(issueMessage({ code: "too_big", origin: "string", maximum: 128, input: "x" })).toBe(
      "Veuillez saisir au plus 128 caractères.",
    );
  });

  it("names the form field of a server field error", () => {
    expect(serverFieldName("body.email")).toBe("email");
    expect(serverFieldName("body.address.city")).toBe("address.city");
    expect(serverFieldName("email")).toBe("email");
  });
});

describe("useApiForm", () => {
  it("checks with the contract's schema before sending: translated errors, aria wiring, focus", async () => {
    await changeLanguage("de");
    const send = renderForm();
    fireEvent.input(screen.getByLabelText("E-Mail-Adresse"), { target: { value: "not-an-address" } });
    await submitForm();
    expect(send).not.toHaveBeenCalled();
    const email = screen.getByLabelText("E-Mail-Adresse");
    expect(email.getAttribute("aria-invalid")).toBe("true");
    expect(email.getAttribute("aria-describedby")).toBe("email-error");
    expect(screen.getByText("Bitte geben Sie eine gültige E-Mail-Adresse ein.").id).toBe("email-error");
    expect(screen.getByText("Bitte füllen Sie dieses Feld aus.").id).toBe("password-error");
    expect(document.activeElement).toBe(email);
  });

  it("sends the schema's output (the e-mail trimmed and lower-cased)", async () => {
    const send = renderForm();
    fireEvent.input(screen.getByLabelText("E-mail address"), { target: { value: " Ada@Example.COM " } });
    fireEvent.input(screen.getByLabelText("Password"), { target: { value: "secret" } });
    await submitForm();
    expect(send).toHaveBeenCalledWith({ email: "ada@example.com", password: "secret" });
    expect(screen.getByTestId("done")).toBeTruthy();
  });

  it("puts an ApiError's field errors on the fields and its code's text in the alert, cleared on edit", async () => {
    const send = renderForm(
      vi.fn(async () => {
        throw new ApiError(400, "email_taken", "taken", [
          { path: "body.email", message: "taken", code: "email_taken" },
          { path: "body.unknown", message: "x", code: "x" },
        ]);
      }),
    );
    fireEvent.input(screen.getByLabelText("E-mail address"), { target: { value: "ada@example.com" } });
    fireEvent.input(screen.getByLabelText("Password"), { target: { value: "secret" } });
    await submitForm();
    expect(send).toHaveBeenCalledTimes(1);
    const taken = "An account with this e-mail address already exists.";
    expect(screen.getByTestId("form-error").textContent).toBe(taken);
    expect(screen.getByText(taken, { selector: "#email-error" })).toBeTruthy();
    expect(screen.getByLabelText("E-mail address").getAttribute("aria-invalid")).toBe("true");
    expect(screen.queryByTestId("done")).toBeNull();
    await act(async () => {
      fireEvent.input(screen.getByLabelText("Password"), { target: { value: "secret2" } });
    });
    expect(screen.queryByTestId("form-error")).toBeNull();
  });

  it("words the server's too-long field error with its limit", async () => {
    const setError = vi.fn();
    applyApiError(
      { setError, getValues: () => ({ place_of_birth: "K" }) } as never,
      new ApiError(400, "validation_failed", "Some fields are not valid", [
        {
          path: "body.place_of_birth",
          message: "Too big: expected string to have <=100 characters",
          code: "too_big",
        },
      ]),
      "fallback",
    );
    expect(setError).toHaveBeenCalledWith(
      "place_of_birth",
      { type: "server", message: "Please enter at most 100 characters." },
      { shouldFocus: true },
    );
  });

  it("keeps the pending submit button focusable and sends once, however often it is pressed", async () => {
    let finish: () => void = () => {};
    const send = renderForm(vi.fn(() => new Promise<void>((resolve) => (finish = resolve))));
    fireEvent.input(screen.getByLabelText("E-mail address"), { target: { value: "ada@example.com" } });
    fireEvent.input(screen.getByLabelText("Password"), { target: { value: "secret" } });
    const button = screen.getByTestId("submit");
    button.focus();
    await submitForm();
    expect(button.getAttribute("aria-disabled")).toBe("true");
    expect(button.hasAttribute("disabled")).toBe(false);
    expect(document.activeElement).toBe(button);
    await submitForm();
    await act(async () => {
      fireEvent.submit(button.closest("form") as HTMLFormElement);
    });
    expect(send).toHaveBeenCalledTimes(1);
    await act(async () => finish());
    expect(button.hasAttribute("aria-disabled")).toBe(false);
  });

  it("loads a schema with the first check, once (lazySchema), and checks with it", async () => {
    const load = vi.fn(async () => loginRequestSchema);
    const schema = lazySchema(load);
    const send = vi.fn(async () => {});
    renderTranslated(<LoginForm send={send} schema={schema} />);
    expect(load).not.toHaveBeenCalled();
    await submitForm();
    expect(send).not.toHaveBeenCalled();
    expect(screen.getByLabelText("E-mail address").getAttribute("aria-invalid")).toBe("true");
    fireEvent.input(screen.getByLabelText("E-mail address"), { target: { value: "ada@example.com" } });
    fireEvent.input(screen.getByLabelText("Password"), { target: { value: "secret" } });
    await submitForm();
    expect(send).toHaveBeenCalledWith({ email: "ada@example.com", password: "secret" });
    expect(load).toHaveBeenCalledTimes(1);
  });

  it("a schema that could not be loaded: the form's message, nothing sent, loaded again at the next check", async () => {
    const load = vi
      .fn<() => Promise<typeof loginRequestSchema>>()
      .mockRejectedValueOnce(new TypeError("Failed to fetch dynamically imported module"))
      .mockResolvedValue(loginRequestSchema);
    const send = vi.fn(async () => {});
    renderTranslated(<LoginForm send={send} schema={lazySchema(load)} />);
    fireEvent.input(screen.getByLabelText("E-mail address"), { target: { value: "ada@example.com" } });
    fireEvent.input(screen.getByLabelText("Password"), { target: { value: "secret" } });
    await submitForm();
    expect(send).not.toHaveBeenCalled();
    expect(screen.getByTestId("form-error").textContent).toBe("fallback");
    expect(screen.getByTestId("submit").getAttribute("aria-disabled")).not.toBe("true");
    await submitForm();
    expect(send).toHaveBeenCalledTimes(1);
    expect(load).toHaveBeenCalledTimes(2);
  });

  it("shows the fallback for an error without a known code", async () => {
    renderForm(
      vi.fn(async () => {
        throw new Error("boom");
      }),
    );
    fireEvent.input(screen.getByLabelText("E-mail address"), { target: { value: "ada@example.com" } });
    fireEvent.input(screen.getByLabelText("Password"), { target: { value: "secret" } });
    await submitForm();
    expect(screen.getByTestId("form-error").textContent).toBe("fallback");
  });
});

describe("applyApiError and withConfirmation", () => {
  it("skips field errors for fields the form does not have", () => {
    const setError = vi.fn();
    const message = applyApiError(
      { setError, getValues: () => ({ email: "" }) as never },
      new ApiError(400, "validation_failed", "bad", [{ path: "body.other", message: "x" }]),
      "fallback",
    );
    expect(setError).not.toHaveBeenCalled();
    expect(message).toBe("Some fields are not valid. Please check your entries.");
  });

  it("puts a mismatch on the repeat field in the current language", async () => {
    const schema = withConfirmation(passwordChangeRequestSchema, "new_password", () =>
      i18n.t("account:password.mismatch"),
    );
    const result = schema.safeParse({ current_password: "a", new_password: "secret12", confirm: "secret13" });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.path).toEqual(["confirm"]);
    expect(result.error?.issues[0]?.message).toBe(i18n.t("account:password.mismatch"));
  });
});

describe("translatedResolver", () => {
  const options = { fields: {}, shouldUseNativeValidation: false } as never;

  it("words a refinement's error code by its text, an empty field by the form's own text", async () => {
    await changeLanguage("de");
    const resolver = translatedResolver(applicationDetailsRequestSchema, {
      requiredMessages: { maturity_instruction: "Bitte wählen." },
    });
    const result = await resolver(
      { reference_iban: "DE00 1234", maturity_instruction: "" as never, info_sheet_acknowledged: false },
      undefined,
      options,
    );
    const errors = result.errors as Record<string, { message?: string }>;
    expect(errors.reference_iban?.message).toBe(i18n.t("errors:invalid_iban"));
    expect(errors.maturity_instruction?.message).toBe("Bitte wählen.");
    expect(errors.info_sheet_acknowledged?.message).toBe(i18n.t("errors:info_sheet_not_acknowledged"));
    expect(errors.reference_iban?.message).not.toMatch(/IBAN is|check digits/i);
  });

  it("names the limit of a text that is too long, even where the form has its own text for problems", async () => {
    const schema = z.object({ place_of_birth: kycProfileRequestSchema.shape.place_of_birth });
    const resolver = translatedResolver(schema, { invalid: "Please check this field." });
    const result = await resolver({ place_of_birth: "K".repeat(300) }, undefined, options);
    const errors = result.errors as Record<string, { message?: string }>;
    expect(errors.place_of_birth?.message).toBe("Please enter at most 100 characters.");
  });

  it("passes the schema's output on when the values are valid", async () => {
    const resolver = translatedResolver(loginRequestSchema);
    const result = await resolver({ email: "A@B.DE", password: "x" }, undefined, options);
    expect(result.errors).toEqual({});
    expect(result.values).toEqual({ email: "a@b.de", password: "x" });
  });
});

/** A button that starts a request: its pending state and its failure's text. */
function ActionButton({ action }: { action: () => Promise<string> }) {
  const { run, pending, error } = useApiAction("fallback");
  const [answer, setAnswer] = useState<string | null>(null);
  return (
    <div>
      <FormErrorAlert message={error} testId="action-error" />
      <button type="button" disabled={pending} onClick={() => run(action, setAnswer)}>
        Go
      </button>
      {answer && <p data-testid="answer">{answer}</p>}
    </div>
  );
}

describe("useApiAction", () => {
  it("holds pending while the request runs, passes its answer on, and words a failure", async () => {
    let finish: (value: string) => void = () => {};
    const action = vi.fn(() => new Promise<string>((resolve) => (finish = resolve)));
    render(<ActionButton action={action} />);
    const button = screen.getByRole("button", { name: "Go" });
    await act(async () => fireEvent.click(button));
    expect(button.hasAttribute("disabled")).toBe(true);
    await act(async () => finish("answered"));
    expect(button.hasAttribute("disabled")).toBe(false);
    expect(screen.getByTestId("answer").textContent).toBe("answered");

    action.mockImplementationOnce(async () => {
      throw new ApiError(409, "email_taken", "taken");
    });
    await act(async () => fireEvent.click(button));
    expect(screen.getByTestId("action-error").textContent).toBe(i18n.t("errors:email_taken"));
    action.mockImplementationOnce(async () => {
      throw new Error("offline");
    });
    await act(async () => fireEvent.click(button));
    expect(screen.getByTestId("action-error").textContent).toBe("fallback");
  });
});
