// Runs before anything is drawn (a classic script in <head>, a file so the strict Content-Security-Policy
// allows it): a returning visitor whose stored language differs from the language of a prefixed address
// (/de/faq) goes to the same page in their language at once (docs/decisions.md "Prerendered public pages").
(() => {
  try {
    const stored = localStorage.getItem("user_language");
    const match = /^\/(en|de|fr)(?=\/|$)/.exec(location.pathname);
    if (match && (stored === "en" || stored === "de" || stored === "fr") && stored !== match[1]) {
      location.replace(`/${stored}${location.pathname.slice(3)}${location.search}${location.hash}`);
    }
  } catch {
    // storage unavailable: the address's language applies
  }
})();
