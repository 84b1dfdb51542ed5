import swagger from "@fastify/swagger";
import swaggerUi from "@fastify/swagger-ui";
import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import { jsonSchemaTransform, jsonSchemaTransformObject } from "fastify-type-provider-zod";

/** OpenAPI document generated from the zod schemas at /api/openapi.json; reference at /api/docs. */
export default fp(
  async function openApiPlugin(app: FastifyInstance) {
    await app.register(swagger, {
      openapi: {
        info: {
          title: "Festgeld platform API",
          description:
            "Fixed-term deposit platform. Errors are `{detail, code}`; lists take ?limit=&offset= and send X-Total-Count.",
          version: "1.0.0",
        },
        components: {
          securitySchemes: { bearer: { type: "http", scheme: "bearer" } },
        },
      },
      transform: jsonSchemaTransform,
      transformObject: jsonSchemaTransformObject,
    });
    await app.register(swaggerUi, {
      routePrefix: "/api/docs",
      staticCSP: true,
      uiConfig: { docExpansion: "list", deepLinking: true },
      uiHooks: {},
    });
    // swagger-ui registers its routes without our access marker; they are public reference pages.
    app.get("/api/openapi.json", { config: { access: "public" }, schema: { hide: true } }, async () =>
      app.swagger(),
    );
  },
  { name: "openapi" },
);
