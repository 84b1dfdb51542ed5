import { createRequire as __festgeldRequire } from 'node:module'; const require = __festgeldRequire(import.meta.url);
import {
  FOOTER,
  legalLines
} from "./chunk-3SWMEOXR.js";
import "./chunk-NUPHUQFI.js";

// apps/server/src/modules/messages/email-layout.tsx
import { Body } from "@react-email/body";
import { Button } from "@react-email/button";
import { Container } from "@react-email/container";
import { Head } from "@react-email/head";
import { Heading } from "@react-email/heading";
import { Hr } from "@react-email/hr";
import { Html } from "@react-email/html";
import { Link } from "@react-email/link";
import { Preview } from "@react-email/preview";
import { render } from "@react-email/render";
import { Section } from "@react-email/section";
import { Text } from "@react-email/text";
import { Fragment, jsx, jsxs } from "react/jsx-runtime";
var font = "Helvetica, Arial, sans-serif";
function EmailLayout(props) {
  const { content, operator, language } = props;
  const t = FOOTER[language];
  const accent = operator.accentColor;
  return /* @__PURE__ */ jsxs(Html, { lang: language, children: [
    /* @__PURE__ */ jsx(Head, {}),
    /* @__PURE__ */ jsx(Preview, { children: content.paragraphs[0] ?? content.subject }),
    /* @__PURE__ */ jsx(Body, { style: { backgroundColor: "#f4f5f7", fontFamily: font, margin: 0, padding: "24px 0" }, children: /* @__PURE__ */ jsxs(
      Container,
      {
        style: { backgroundColor: "#ffffff", maxWidth: "600px", padding: "32px", borderRadius: "8px" },
        children: [
          /* @__PURE__ */ jsx(Text, { style: { color: accent, fontSize: "20px", fontWeight: 700, margin: "0 0 24px" }, children: operator.shortName }),
          /* @__PURE__ */ jsx(
            Heading,
            {
              as: "h1",
              style: { color: "#111827", fontSize: "22px", lineHeight: "28px", margin: "0 0 16px" },
              children: content.subject
            }
          ),
          content.note ? /* @__PURE__ */ jsx(
            Text,
            {
              style: {
                backgroundColor: "#fef3c7",
                color: "#92400e",
                padding: "8px 12px",
                borderRadius: "4px",
                fontSize: "14px"
              },
              children: content.note
            }
          ) : null,
          content.paragraphs.map((paragraph) => /* @__PURE__ */ jsx(Text, { style: { color: "#111827", fontSize: "16px", lineHeight: "24px" }, children: paragraph }, paragraph)),
          content.rows.length > 0 ? /* @__PURE__ */ jsx(Section, { children: /* @__PURE__ */ jsx(
            "table",
            {
              cellPadding: 0,
              cellSpacing: 0,
              role: "presentation",
              style: { width: "100%", fontSize: "15px" },
              children: /* @__PURE__ */ jsx("tbody", { children: content.rows.map(([label, value]) => /* @__PURE__ */ jsxs("tr", { children: [
                /* @__PURE__ */ jsx("td", { style: { color: "#6b7280", padding: "4px 12px 4px 0", verticalAlign: "top" }, children: label }),
                /* @__PURE__ */ jsx("td", { style: { color: "#111827", padding: "4px 0", fontWeight: 600 }, children: value })
              ] }, label)) })
            }
          ) }) : null,
          content.action ? /* @__PURE__ */ jsx(Section, { style: { margin: "24px 0" }, children: /* @__PURE__ */ jsx(
            Button,
            {
              href: content.action.url,
              style: {
                backgroundColor: accent,
                color: "#ffffff",
                padding: "12px 20px",
                borderRadius: "6px",
                fontWeight: 600
              },
              children: content.action.label
            }
          ) }) : null,
          /* @__PURE__ */ jsx(Hr, { style: { borderColor: "#e5e7eb", margin: "24px 0 16px" } }),
          /* @__PURE__ */ jsxs(Text, { style: { color: "#6b7280", fontSize: "12px", lineHeight: "18px" }, children: [
            content.kind.type === "newsletter" ? t.newsletter(operator.shortName) : t.service(operator.shortName),
            content.kind.type === "newsletter" ? /* @__PURE__ */ jsxs(Fragment, { children: [
              " ",
              /* @__PURE__ */ jsx(
                Link,
                {
                  href: content.kind.unsubscribeUrl,
                  style: { color: "#6b7280", textDecoration: "underline" },
                  children: t.unsubscribe
                }
              )
            ] }) : null
          ] }),
          legalLines(operator, language).map((line) => /* @__PURE__ */ jsx(Text, { style: { color: "#9ca3af", fontSize: "11px", lineHeight: "16px", margin: "0" }, children: line }, line))
        ]
      }
    ) })
  ] });
}
async function renderEmail(content, operator, language) {
  const element = /* @__PURE__ */ jsx(EmailLayout, { content, operator, language });
  const [html, text] = await Promise.all([render(element), render(element, { plainText: true })]);
  return { subject: content.subject, html, text };
}
export {
  renderEmail
};
//# sourceMappingURL=email-layout-7V5AVW2H.js.map
