import { icon } from "../../../components/ui/icons.tsx";

/** A status icon: a mark (`d`, a path) inside a circle. */
const circled = (d: string) =>
  icon(
    <>
      <circle cx="12" cy="12" r="10" />
      <path d={d} />
    </>,
    "h-6 w-6",
  );

/** Status icons of the verification pages (decorative: the text beside them says the same), 24 px unless sized. */
export const CheckCircleIcon = circled("m8 12 3 3 5-6");
export const ClockIcon = circled("M12 6v6l4 2");
export const XCircleIcon = circled("m15 9-6 6M9 9l6 6");
export const UploadIcon = icon(
  <path d="M21 15v4a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2v-4M17 8l-5-5-5 5M12 3v12" />,
  "h-6 w-6",
);
export const DocumentIcon = icon(
  <>
    <path d="M14 2H6a2 2 0 0 0-2 2v16a2 2 0 0 0 2 2h12a2 2 0 0 0 2-2V8z" />
    <path d="M14 2v6h6M8 13h8M8 17h6" />
  </>,
  "h-6 w-6",
);
