import multipart from "@fastify/multipart";
import { BANK_LOGO_MAX_BYTES, operations } from "@festgeld/domain";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { requestLanguage } from "../../lib/language.ts";
import { route } from "../../lib/route.ts";
import { currentUser } from "../../plugins/auth.ts";
import { type LogoUpload, openLogo, storeLogo } from "./bank-logo.ts";
import * as service from "./banks.service.ts";

/** The partner banks: public profiles, and their upkeep in the back office. */
export const banksRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(multipart, {
    limits: { fileSize: BANK_LOGO_MAX_BYTES, files: 1, fields: 2, fieldSize: 1024, parts: 3 },
  });
  const deps = () => ({ db: app.db, storage: app.documentStorage });

  route(app, operations.banksList, async (request, reply) => {
    reply.header("Vary", "Accept-Language").header("Cache-Control", "public, max-age=0, must-revalidate");
    return service.listPublicBanks(app.db, requestLanguage(request));
  });

  route(app, operations.banksGet, async (request, reply) => {
    reply.header("Vary", "Accept-Language").header("Cache-Control", "public, max-age=0, must-revalidate");
    return service.getPublicBank(app.db, request.params.slug, requestLanguage(request));
  });

  route(app, operations.banksLogo, async (request, reply) => {
    const logo = await openLogo(deps(), request.params.slug);
    return (
      reply
        .status(200)
        .header("Content-Type", logo.type)
        .header("X-Content-Type-Options", "nosniff")
        // The address carries the upload's version (?v=), so a new logo is a new address.
        .header("Cache-Control", "public, max-age=86400")
        // Opened directly, the image may not run anything.
        .header("Content-Security-Policy", "default-src 'none'; sandbox")
        .header("Cross-Origin-Resource-Policy", "same-origin")
        .send(logo.stream as never)
    );
  });

  route(app, operations.adminBanksList, async () => {
    return service.listAdminBanks(app.db);
  });

  route(app, operations.adminBanksCreate, async (request, reply) => {
    const created = await service.createBank(app.db, currentUser(request), request.body);
    return reply.status(201).send(created);
  });

  route(app, operations.adminBanksUpdate, async (request) => {
    return service.updateBank(app.db, currentUser(request), request.params.id, request.body);
  });

  route(app, operations.adminBanksLogo, async (request) => {
    let upload: LogoUpload | null = null;
    if (request.isMultipart()) {
      try {
        const part = await request.file();
        if (part?.fieldname === "file") {
          const data = await part.toBuffer().catch(() => Buffer.alloc(BANK_LOGO_MAX_BYTES + 1));
          upload = { data, truncated: part.file.truncated };
        }
      } catch {
        // A malformed multipart body carries no usable file.
        upload = null;
      }
    }
    return storeLogo(deps(), currentUser(request), request.params.id, upload);
  });
};
