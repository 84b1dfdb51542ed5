import type { Language } from "@festgeld/domain";
import { accountTexts } from "./account-texts.ts";
import { applicationTexts } from "./application-texts.ts";
import { depositTexts } from "./deposit-texts.ts";
import {
  type EventText,
  type EventTexts,
  printedReference,
  type TextContext,
  textContext,
} from "./event-text-kit.ts";
import type { EventFacts, EventType } from "./message-events.ts";
import { noticeTexts } from "./notice-texts.ts";

/*
 * The text of every event in every language. The words are in the catalogues
 * (locales/<language>/messages.json); each event's renderer (application-, account-, deposit- and
 * notice-texts.ts) picks them by key and fills in the facts, formatted for the reader.
 */

export type { EventText } from "./event-text-kit.ts";

/** One renderer per event: an event without its text does not compile. */
const TEXTS: EventTexts<EventType> = {
  ...applicationTexts,
  ...accountTexts,
  ...depositTexts,
  ...noticeTexts,
};

const contexts = new Map<Language, TextContext>();

/** The text of one event in one language. */
export function eventText<K extends EventType>(type: K, facts: EventFacts[K], language: Language): EventText {
  let context = contexts.get(language);
  if (!context) {
    context = textContext(language);
    contexts.set(language, context);
  }
  const render = TEXTS[type] as (facts: EventFacts[K], c: TextContext) => EventText;
  const text = render(facts, context);
  // Deposit events name the deposit by its payment reference as well as by the application.
  const reference = (facts as { deposit_reference?: unknown }).deposit_reference;
  if (typeof reference === "string" && reference !== "") {
    text.rows.splice(1, 0, [context.t.label.payment_reference, printedReference(reference)]);
  }
  return text;
}

/** The inbox message: the paragraphs and the figures as plain text. */
export function inboxMessage(text: EventText, language: Language): string {
  // French sets a narrow no-break space before the colon.
  const colon = language === "fr" ? "\u202f:" : ":";
  const rows = text.rows.map(([label, value]) => `${label}${colon} ${value}`).join("\n");
  return [...text.paragraphs, ...(rows ? [rows] : [])].join("\n\n").slice(0, 5000);
}
