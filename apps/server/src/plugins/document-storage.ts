import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import type { DocumentStorage } from "../storage/document-store.ts";
import { type DocumentStorageSettings, openDocumentStorage } from "../storage/open-storage.ts";

declare module "fastify" {
  interface FastifyInstance {
    documentStorage: DocumentStorage;
  }
}

export interface DocumentStoragePluginOptions extends DocumentStorageSettings {
  /** Another implementation (a failing one in tests). */
  storage?: DocumentStorage;
}

/** Decorates the app with `documentStorage` (the stores themselves are in storage/). */
export default fp(
  async function documentStoragePlugin(app: FastifyInstance, opts: DocumentStoragePluginOptions) {
    if (opts.storage) {
      app.decorate("documentStorage", opts.storage);
      return;
    }
    const { storage, close } = await openDocumentStorage(opts);
    app.addHook("onClose", close);
    app.decorate("documentStorage", storage);
  },
  { name: "document-storage" },
);
