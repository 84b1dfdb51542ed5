import type { Language } from "@festgeld/domain";
import {
  Body,
  Button,
  Container,
  Head,
  Heading,
  Hr,
  Html,
  Link,
  Preview,
  Section,
  Text,
} from "@react-email/components";
import { render } from "@react-email/render";
import type { Operator } from "../../config/operator.ts";

/** What an e-mail says; the layout adds the brand, the button and the legal footer. */
export interface EmailContent {
  subject: string;
  paragraphs: string[];
  rows: Array<[string, string]>;
  /** An absolute link (PUBLIC_URL + path) and its label. */
  action: { url: string; label: string } | null;
  /** A service e-mail (always sent) or a newsletter (consent, with its unsubscribe link). */
  kind: { type: "service" } | { type: "newsletter"; unsubscribeUrl: string };
  /** Shown in a box above the text, e.g. "only available in English". */
  note?: string | null;
}

export interface RenderedEmail {
  subject: string;
  html: string;
  text: string;
  /** List-Unsubscribe on newsletters. */
  headers?: Record<string, string>;
}

const FOOTER: Record<
  Language,
  {
    service: (name: string) => string;
    newsletter: (name: string) => string;
    unsubscribe: string;
    directors: string;
    register: string;
    vat: string;
    supervisor: string;
    demo: string;
  }
> = {
  en: {
    service: (name) => `You receive this service e-mail because you have an account with ${name}.`,
    newsletter: (name) =>
      `You receive the ${name} newsletter because you subscribed and confirmed your address.`,
    unsubscribe: "Unsubscribe",
    directors: "Managing directors",
    register: "Trade register",
    vat: "VAT ID",
    supervisor: "Supervisory authority",
    demo: "Demonstration: this is not a real offer and no real company.",
  },
  de: {
    service: (name) => `Sie erhalten diese Service-E-Mail, weil Sie ein Konto bei ${name} haben.`,
    newsletter: (name) =>
      `Sie erhalten den Newsletter von ${name}, weil Sie ihn abonniert und Ihre Adresse bestätigt haben.`,
    unsubscribe: "Abmelden",
    directors: "Geschäftsführung",
    register: "Handelsregister",
    vat: "USt-IdNr.",
    supervisor: "Aufsichtsbehörde",
    demo: "Demonstration: kein echtes Angebot und kein echtes Unternehmen.",
  },
  fr: {
    service: (name) => `Vous recevez cet e-mail de service parce que vous avez un compte chez ${name}.`,
    newsletter: (name) =>
      `Vous recevez la newsletter de ${name} parce que vous y êtes abonné(e) et avez confirmé votre adresse.`,
    unsubscribe: "Se désabonner",
    directors: "Gérants",
    register: "Registre du commerce",
    vat: "N° de TVA",
    supervisor: "Autorité de surveillance",
    demo: "Démonstration : ceci n'est pas une offre réelle ni une entreprise réelle.",
  },
};

/** The operator's legal details, one line each (also used by the PDF documents). */
export function legalLines(operator: Operator, language: Language): string[] {
  const t = FOOTER[language];
  const a = operator.address;
  return [
    `${operator.name}, ${a.street}, ${a.postalCode} ${a.city}, ${a.country}`,
    `${t.directors}: ${operator.managingDirectors.join(", ")}`,
    `${t.register}: ${operator.tradeRegister} · ${t.vat}: ${operator.vatId}`,
    `${t.supervisor}: ${operator.supervisor}`,
    `${operator.supportEmail} · ${operator.phone} · ${operator.website}`,
    ...(operator.demonstration ? [t.demo] : []),
  ];
}

const font = "Helvetica, Arial, sans-serif";

function EmailLayout(props: { content: EmailContent; operator: Operator; language: Language }) {
  const { content, operator, language } = props;
  const t = FOOTER[language];
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
            {content.kind.type === "newsletter"
              ? t.newsletter(operator.shortName)
              : t.service(operator.shortName)}
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

/** Renders an e-mail as HTML and as plain text (the same content, for clients that show no HTML). */
export async function renderEmail(
  content: EmailContent,
  operator: Operator,
  language: Language,
): Promise<RenderedEmail> {
  const element = <EmailLayout content={content} operator={operator} language={language} />;
  const [html, text] = await Promise.all([render(element), render(element, { plainText: true })]);
  return { subject: content.subject, html, text };
}
