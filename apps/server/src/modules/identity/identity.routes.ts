import multipart from "@fastify/multipart";
import { operations } from "@festgeld/domain";
import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { badRequest } from "../../lib/errors.ts";
import { page, route } from "../../lib/route.ts";
import { currentUser } from "../../plugins/auth.ts";
import { passwordCheckLimit } from "../auth/auth.rate-limit.ts";
import * as dataRights from "./data-rights.service.ts";
import * as ident from "./ident.service.ts";
import * as service from "./identity.service.ts";
import * as sanctions from "./sanctions.service.ts";

/** The official EU list is some tens of megabytes; leave room for growth. */
const SANCTIONS_LIST_MAX_BYTES = 64 * 1024 * 1024;

declare module "fastify" {
  interface FastifyRequest {
    /** The JSON body as received (ident webhooks: the signature covers these exact bytes). */
    rawBody?: string;
  }
}

export interface IdentityRoutesOptions {
  identSecrets: Record<string, string>;
  /** NODE_ENV=production: the demonstration sanctions list is refused. */
  production: boolean;
}

/** How old the sanctions list may be for an approval (SANCTIONS_LIST_MAX_AGE_DAYS), reckoned now. */
function listAge(app: { clock: { now(): Date }; depositSettings: { sanctionsListMaxAgeDays: number } }) {
  return { maxAgeDays: app.depositSettings.sanctionsListMaxAgeDays, now: app.clock.now() };
}

export const identityRoutes: FastifyPluginAsyncZod<IdentityRoutesOptions> = async (app, options) => {
  const secrets = options.identSecrets;

  route(app, operations.kycProfileGet, async (request) => {
    return service.getProfile(app.db, currentUser(request));
  });

  route(app, operations.kycProfilePut, async (request) => {
    return service.putProfile(app.db, currentUser(request), request.body, new Date());
  });

  route(app, operations.kycIdentStart, async (request, reply) => {
    return reply
      .status(201)
      .send(await ident.start(app.db, secrets, currentUser(request), request.body.provider));
  });

  route(app, operations.meExport, async (request, reply) => {
    const zip = await dataRights.exportZip(app.db, app.documentStorage, currentUser(request));
    return reply
      .status(200)
      .header("Content-Type", "application/zip")
      .header("Content-Disposition", 'attachment; filename="my-data.zip"')
      .header("Cache-Control", "no-store")
      .send(zip as never);
  });

  // Closing asks for the password: counted with every other password check of a session holder,
  // so a stolen session cannot use it to guess the password.
  const perUserPassword = passwordCheckLimit(app);

  route(app, operations.meClose, { preHandler: perUserPassword }, async (request) => {
    return dataRights.closeAccount(app.db, currentUser(request), request.body.password, new Date());
  });

  route(app, operations.meDepositGuarantee, async (request) => {
    return dataRights.depositGuarantee(app.db, currentUser(request));
  });

  route(app, operations.adminDossier, async (request) => {
    return service.dossier(app.db, request.params.id, listAge(app));
  });

  route(app, operations.adminProfileDecide, async (request, _reply) => {
    return service.decideProfile(
      app.db,
      currentUser(request),
      request.params.id,
      request.body,
      listAge(app),
      app.messages,
    );
  });

  route(app, operations.adminNotesAdd, async (request, reply) => {
    return reply
      .status(201)
      .send(await service.addNote(app.db, currentUser(request), request.params.id, request.body));
  });

  route(app, operations.adminSanctionsListsList, async (_request, _reply) => {
    return sanctions.lists(app.db);
  });

  route(app, operations.adminSanctionsDemoListGet, async (_request, _reply) => {
    return { available: !options.production };
  });

  route(app, operations.adminSanctionsDemoListLoad, async (request, reply) => {
    const loaded = await sanctions.loadDemoList(
      app.db,
      currentUser(request),
      app.clock.now(),
      options.production,
    );
    app.jobs.wake();
    return reply.status(loaded.created ? 201 : 200).send(loaded.list);
  });

  route(app, operations.adminSanctionsHitsList, async (request, reply) => {
    return page(reply, await sanctions.listHits(app.db, request.query));
  });

  route(app, operations.adminSanctionsHitDecide, async (request, _reply) => {
    return sanctions.decideHit(app.db, currentUser(request), request.params.id, request.body);
  });

  route(app, operations.adminErasuresList, async (_request, _reply) => {
    return dataRights.pendingErasures(app.db);
  });

  // The list upload: multipart with one XML file, in its own scope for the larger size limit.
  await app.register(async (scope) => {
    await scope.register(multipart, {
      limits: { fileSize: SANCTIONS_LIST_MAX_BYTES, files: 1, fields: 2, parts: 3, headerPairs: 20 },
      throwFileSizeLimit: false,
    });
    route(
      scope,
      operations.adminSanctionsListLoad,
      { bodyLimit: SANCTIONS_LIST_MAX_BYTES },
      async (request, reply) => {
        const file = await readUpload(request);
        const loaded = await sanctions.loadList(scope.db, currentUser(request), file, app.clock.now());
        // the screening runs in the job queue; start it now rather than at the next poll
        app.jobs.wake();
        return reply.status(loaded.created ? 201 : 200).send(loaded.list);
      },
    );
  });

  // The webhook: JSON kept as received, because the signature covers the exact bytes.
  await app.register(async (scope) => {
    scope.removeContentTypeParser("application/json");
    scope.addContentTypeParser("application/json", { parseAs: "string" }, (request, body, done) => {
      const text = String(body);
      request.rawBody = text;
      try {
        done(null, JSON.parse(text));
      } catch {
        done(badRequest("validation_failed", "The body is not valid JSON"), undefined);
      }
    });
    route(scope, operations.identWebhook, async (request) =>
      ident.receiveResult(
        scope.db,
        secrets,
        request.params.provider,
        request.headers["x-ident-signature"] as string | undefined,
        request.rawBody ?? "",
        new Date(),
        scope.messages,
      ),
    );
  });
};

const listMissing = () => badRequest("sanctions_list_invalid", "Send the list as the multipart field 'file'");

async function readUpload(request: FastifyRequest): Promise<Buffer> {
  if (!request.isMultipart()) throw listMissing();
  let part: Awaited<ReturnType<typeof request.file>>;
  try {
    part = await request.file();
  } catch {
    throw listMissing();
  }
  if (part?.fieldname !== "file") throw listMissing();
  let buffer: Buffer;
  try {
    buffer = await part.toBuffer();
  } catch {
    throw listMissing();
  }
  if (part.file.truncated) throw badRequest("sanctions_list_invalid", "The list file is too large");
  return buffer;
}
