/**
 * A prerendered page's forms (contact, newsletter, calculator) are on screen before React hydrates them. Until
 * then a form's own handler is not attached, and Enter in a field or a press of its button would make the
 * browser submit the form itself: a GET to the page's address with every named field (a name, an e-mail
 * address, a message) in the URL, the history and the server's access logs, and the page reloaded with what
 * was typed lost. This refuses any submission until the app marks `<html data-app-ready>`
 * (app/root-layout.tsx); after that the forms' handlers decide, as before. What was typed stays in the fields,
 * and React takes the fields over with it.
 */
export function holdSubmitsUntilReady(doc: Document = document): void {
  const root = doc.documentElement;
  doc.addEventListener(
    "submit",
    (event) => {
      if (root.dataset.appReady === undefined) event.preventDefault();
    },
    { capture: true },
  );
}
