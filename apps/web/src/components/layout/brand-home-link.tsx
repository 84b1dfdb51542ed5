import { brand } from "@brand";
import { Link } from "react-router";
import { BrandMark } from "./brand-mark.tsx";

/** The brand's mark and short name, linking home; `label` names the link, `className` fits it to its bar. */
export function BrandHomeLink({ className, label }: { className: string; label: string }) {
  return (
    <Link to="/" className={className} aria-label={label}>
      <BrandMark className="size-8" />
      <span className="hidden sm:inline">{brand.shortName}</span>
    </Link>
  );
}
