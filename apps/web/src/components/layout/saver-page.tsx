import type { ReactNode } from "react";
import { useDocumentTitle } from "../../lib/use-document-title.ts";
import { RequireUser } from "../ui/require-user.tsx";

/**
 * A page only a signed-in user sees: it names the document (title and description) and sends
 * signed-out visitors to /login (RequireUser).
 */
export function SignedInPage({
  title,
  description,
  children,
}: {
  title: string;
  description: string;
  children: ReactNode;
}) {
  useDocumentTitle(title, description);
  return <RequireUser>{children}</RequireUser>;
}

/** The heading of a saver's page and the sentence under it. */
export function PageHeading({ title, intro }: { title: string; intro: string }) {
  return (
    <>
      <h1 className="text-3xl font-bold text-slate-900 dark:text-white">{title}</h1>
      <p className="mt-2 text-slate-600 dark:text-slate-300">{intro}</p>
    </>
  );
}

/**
 * A signed-in saver's page of one column (documents, inbox, rate alerts, a ladder's application):
 * its heading and intro, then the content. `description` is the document's description when it is
 * not the intro; `width` is the column's Tailwind max-width class.
 */
export function SaverPage({
  title,
  intro,
  description = intro,
  width,
  children,
}: {
  title: string;
  intro: string;
  description?: string;
  width: "max-w-2xl" | "max-w-3xl" | "max-w-4xl" | "max-w-5xl";
  children: ReactNode;
}) {
  return (
    <SignedInPage title={title} description={description}>
      <section className={`mx-auto ${width} px-4 py-12`}>
        <PageHeading title={title} intro={intro} />
        {children}
      </section>
    </SignedInPage>
  );
}
