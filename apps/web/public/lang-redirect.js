// Runs before anything is drawn (a classic script in <head>, a file so the strict Content-Security-Policy
// allows it). A language-prefixed address (/fr/faq) is always shown in its language, whatever was stored
// before. The root address has no language: the server answers it with the home page in the browser's
// language; a visitor who chose another language before goes to that language's home page, anyone else
// sees the address of the page they got (/en), so that the app and the links match the page
// (docs/decisions.md "The root address").
(() => {
  try {
    if (location.pathname !== "/") return;
    // The same list as LANGUAGES in the domain package (lang-redirect.test.ts keeps them equal).
    const languages = ["en", "de", "fr"];
    const known = (language) => languages.includes(language);
    const stored = localStorage.getItem("user_language");
    const page = document.documentElement.lang;
    const rest = `${location.search}${location.hash}`;
    if (known(stored) && stored !== page) location.replace(`/${stored}${rest}`);
    else if (known(page)) history.replaceState(history.state, "", `/${page}${rest}`);
  } catch {
    // storage unavailable: the page's language applies
  }
})();
