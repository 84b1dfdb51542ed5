import { NewsletterUnsubscribePage } from "./newsletter-link-page.tsx";

/** /newsletter/unsubscribe#token=...: the unsubscribe link of every newsletter e-mail. */
export default NewsletterUnsubscribePage;
