import { NewsletterConfirmPage } from "./newsletter-link-page.tsx";

/** /newsletter/confirm#token=...: the double opt-in link of the confirmation e-mail. */
export default NewsletterConfirmPage;
