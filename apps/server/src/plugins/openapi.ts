import { buildOpenApiDocument, operationList } from "@festgeld/domain";
import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";

/** The tags of the published document, each with what it groups. */
const TAGS = [
  { name: "health", description: "Liveness, readiness and this API description" },
  { name: "packages", description: "Deposit packages: the public offer and its management" },
  { name: "banks", description: "Partner banks: public profiles, receiving accounts and their upkeep" },
  { name: "calculator", description: "Interest calculation" },
  { name: "applications", description: "Applications for a deposit and their review" },
  { name: "auth", description: "Accounts and sessions" },
  { name: "kyc", description: "Identity verification documents and their review" },
  { name: "notifications", description: "The saver's inbox and messages sent by the back office" },
  { name: "documents", description: "The saver's postbox of PDF documents" },
  { name: "contact", description: "The contact form and its messages" },
  { name: "newsletter", description: "Newsletter subscriptions" },
  { name: "deposits", description: "Deposits after approval: transfer, funding, maturity, early closure" },
  { name: "payments", description: "Payment orders, SEPA credit-transfer files and unmatched credits" },
  { name: "account", description: "The saver's own data: export, closure, deposit guarantee" },
  { name: "sanctions", description: "Screening against the EU consolidated financial sanctions list" },
  { name: "ladders", description: "Deposit ladders: one total over several terms" },
  { name: "rate-alerts", description: "The saver's rate alerts" },
  { name: "tax-statements", description: "The yearly interest statement for tax" },
  { name: "verify", description: "The public check of transfer details" },
  { name: "admin", description: "Back office operations (role admin)" },
] as const;

let built: ReturnType<typeof buildOpenApiDocument> | null = null;

/**
 * The OpenAPI document of the operation table (paths relative to the /api server), built on first
 * use: turning every schema of the contract into JSON Schema is a good part of a start-up's work,
 * and only the document's readers need it (docs/decisions.md "Start-up loads only what serving
 * needs").
 */
export function openApiDocument() {
  built ??= buildOpenApiDocument(operationList, {
    title: "Festgeld platform API",
    version: "1.0.0",
    description:
      "Fixed-term deposit platform. Errors are `{detail, code}` (plus `fields` for validation); lists take " +
      "?limit=&offset= and send the total in X-Total-Count. Protected operations take the session token as " +
      "`Authorization: Bearer <token>`.",
    contact: { name: "Festgeld platform operations" },
    license: { name: "Proprietary", identifier: "LicenseRef-Festgeld-Proprietary" },
    serverUrl: "/api",
    tags: TAGS,
  });
  return built;
}

/**
 * When `explorer` is on (API_DOCS; off in production by default), a browsable reference at /api/docs,
 * and the document itself at /api/openapi.json (the docs module, from openApiDocument()); with it off,
 * neither is served (docs/decisions.md, "The API description follows API_DOCS").
 */
declare module "fastify" {
  interface FastifyInstance {
    /** Whether the API description is published (API_DOCS): the document and the explorer. */
    apiDocs: boolean;
  }
}

export default fp(
  async function openApiPlugin(app: FastifyInstance, opts: { explorer: boolean }) {
    app.decorate("apiDocs", opts.explorer);
    if (!opts.explorer) return;
    const [{ default: swagger }, { default: swaggerUi }] = await Promise.all([
      import("@fastify/swagger"),
      import("@fastify/swagger-ui"),
    ]);
    await app.register(swagger, {
      mode: "static",
      specification: { document: openApiDocument() as never },
    });
    await app.register(swaggerUi, {
      routePrefix: "/api/docs",
      staticCSP: true,
      uiConfig: { docExpansion: "list", deepLinking: true },
      uiHooks: {},
    });
  },
  { name: "openapi" },
);
