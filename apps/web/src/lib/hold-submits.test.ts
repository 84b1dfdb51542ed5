import { afterEach, describe, expect, it } from "vitest";
import { holdSubmitsUntilReady } from "./hold-submits.ts";

afterEach(() => {
  delete document.documentElement.dataset.appReady;
  document.body.innerHTML = "";
});

function submit(form: HTMLFormElement): boolean {
  const event = new Event("submit", { bubbles: true, cancelable: true });
  form.dispatchEvent(event);
  return event.defaultPrevented;
}

describe("holdSubmitsUntilReady", () => {
  it("refuses a prerendered form's submission until the app is ready, then leaves it to the form", () => {
    document.body.innerHTML =
      '<form><input name="email" value="erika@example.test" /><button>Send</button></form>';
    const form = document.querySelector("form") as HTMLFormElement;
    holdSubmitsUntilReady(document);
    expect(submit(form)).toBe(true);
    expect((form.elements.namedItem("email") as HTMLInputElement).value).toBe("erika@example.test");

    document.documentElement.dataset.appReady = "true";
    expect(submit(form)).toBe(false);
  });
});
