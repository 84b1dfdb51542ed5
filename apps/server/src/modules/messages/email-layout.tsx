import type { Language } from "@festgeld/domain";
import { Body } from "@react-email/body";
import { Button } from "@react-email/button";
import { Container } from "@react-email/container";
import { Head } from "@react-email/head";
import { Heading } from "@react-email/heading";
import { Hr } from "@react-email/hr";
import { Html } from "@react-email/html";
import { Link } from "@react-email/link";
import { Preview } from "@react-email/preview";
import { toPlainText } from "@react-email/render";
import { Section } from "@react-email/section";
import { Text } from "@react-email/text";
import { renderToStaticMarkup } from "react-dom/server";
import type { Operator } from "../../config/operator.ts";
import { type EmailContent, footerText, legalLines, type RenderedEmail } from "./email-text.ts";

/*
 * The brand's e-mail layout (React Email). Each component is imported from its own package: the
 * @react-email/components barrel also loads the code block and its syntax highlighter, which no
 * e-mail here uses. Callers load this module on demand (renderEmail in messages.service.ts).
 */

const font = "Helvetica, Arial, sans-serif";

function EmailLayout(props: { content: EmailContent; operator: Operator; language: Language }) {
  const { content, operator, language } = props;
  const t = footerText(language, operator.shortName);
  const accent = operator.accentColor;
  return (
    <Html lang={language}>
      <Head />
      <Preview>{content.paragraphs[0] ?? content.subject}</Preview>
      <Body style={{ backgroundColor: "#f4f5f7", fontFamily: font, margin: 0, padding: "24px 0" }}>
        <Container
          style={{ backgroundColor: "#ffffff", maxWidth: "600px", padding: "32px", borderRadius: "8px" }}
        >
          {/* The brand as text: no remote images, so nothing is fetched when the mail is opened. */}
          <Text style={{ color: accent, fontSize: "20px", fontWeight: 700, margin: "0 0 24px" }}>
            {operator.shortName}
          </Text>
          <Heading
            as="h1"
            style={{ color: "#111827", fontSize: "22px", lineHeight: "28px", margin: "0 0 16px" }}
          >
            {content.subject}
          </Heading>
          {content.note ? (
            <Text
              style={{
                backgroundColor: "#fef3c7",
                color: "#92400e",
                padding: "8px 12px",
                borderRadius: "4px",
                fontSize: "14px",
              }}
            >
              {content.note}
            </Text>
          ) : null}
          {content.paragraphs.map((paragraph) => (
            <Text key={paragraph} style={{ color: "#111827", fontSize: "16px", lineHeight: "24px" }}>
              {paragraph}
            </Text>
          ))}
          {content.rows.length > 0 ? (
            <Section>
              <table
                cellPadding={0}
                cellSpacing={0}
                role="presentation"
                style={{ width: "100%", fontSize: "15px" }}
              >
                <tbody>
                  {content.rows.map(([label, value]) => (
                    <tr key={label}>
                      <td style={{ color: "#6b7280", padding: "4px 12px 4px 0", verticalAlign: "top" }}>
                        {label}
                      </td>
                      <td style={{ color: "#111827", padding: "4px 0", fontWeight: 600 }}>{value}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </Section>
          ) : null}
          {content.action ? (
            <Section style={{ margin: "24px 0" }}>
              <Button
                href={content.action.url}
                style={{
                  backgroundColor: accent,
                  color: "#ffffff",
                  padding: "12px 20px",
                  borderRadius: "6px",
                  fontWeight: 600,
                }}
              >
                {content.action.label}
              </Button>
            </Section>
          ) : null}
          <Hr style={{ borderColor: "#e5e7eb", margin: "24px 0 16px" }} />
          <Text style={{ color: "#6b7280", fontSize: "12px", lineHeight: "18px" }}>
            {content.kind.type === "newsletter" ? t.newsletter : t.service}
            {content.kind.type === "newsletter" ? (
              <>
                {" "}
                <Link
                  href={content.kind.unsubscribeUrl}
                  style={{ color: "#6b7280", textDecoration: "underline" }}
                >
                  {t.unsubscribe}
                </Link>
              </>
            ) : null}
          </Text>
          {legalLines(operator, language).map((line) => (
            <Text key={line} style={{ color: "#9ca3af", fontSize: "11px", lineHeight: "16px", margin: "0" }}>
              {line}
            </Text>
          ))}
        </Container>
      </Body>
    </Html>
  );
}

/** The document type React Email's own render writes before an e-mail's markup. */
const XHTML_DOCTYPE =
  '<!DOCTYPE html PUBLIC "-//W3C//DTD XHTML 1.0 Transitional//EN" "http://www.w3.org/TR/xhtml1/DTD/xhtml1-transitional.dtd">';

/**
 * Renders an e-mail as HTML and as plain text (the same content, for clients that show no HTML).
 * React's static renderer, not React Email's `render`: that one streams through React's server renderer,
 * whose first run enables an AsyncLocalStorage for the rest of the process, after which every promise and
 * tick of every request pays its hook (docs/decisions.md "E-mails rendered without React's request
 * storage"). An e-mail has nothing to wait for, so the static markup is the same e-mail.
 */
export async function renderEmail(
  content: EmailContent,
  operator: Operator,
  language: Language,
): Promise<RenderedEmail> {
  const markup = renderToStaticMarkup(
    <EmailLayout content={content} operator={operator} language={language} />,
  );
  return { subject: content.subject, html: `${XHTML_DOCTYPE}${markup}`, text: toPlainText(markup) };
}
