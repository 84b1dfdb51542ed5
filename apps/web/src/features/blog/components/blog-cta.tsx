import { Link } from "react-router";
import { Section } from "../../../components/ui/section.tsx";

/** The closing call to action of the blog pages: a heading, a sentence and a link to /packages. */
export function BlogCta({ title, text, button }: { title: string; text: string; button: string }) {
  return (
    <Section
      id="blog-cta-title"
      title={title}
      headingClassName="text-2xl font-bold sm:text-3xl"
      className="rounded-2xl bg-linear-to-r from-brand-800 to-brand-700 px-6 py-10 text-center text-white sm:px-12"
    >
      <p className="mx-auto mt-3 max-w-2xl text-brand-50">{text}</p>
      <Link
        to="/packages"
        className="mt-6 inline-flex items-center justify-center rounded-lg bg-white px-5 py-2.5 font-semibold text-brand-800 transition-colors hover:bg-brand-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white"
      >
        {button}
      </Link>
    </Section>
  );
}
