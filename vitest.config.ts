import { defineConfig } from "vitest/config";

/**
 * Server test files that open no database: pure units, and the compiled server started as a process.
 * They run once, in `npm test`; the PostgreSQL pass (`npm run test:pg`, project "server") leaves them
 * out (docs/decisions.md "The PostgreSQL pass runs only what depends on the database"). Their project
 * refuses to open a database (helpers/no-database.setup.ts), so a listed file that starts using one
 * fails instead of silently losing its PostgreSQL run. A file missing from the list only runs twice.
 */
export const DATABASE_INDEPENDENT = [
  "apps/server/test/camt053.test.ts",
  "apps/server/test/compiled-server.test.ts",
  "apps/server/test/email-render.test.ts",
  "apps/server/test/env-file.test.ts",
  "apps/server/test/live-pages.test.ts",
  "apps/server/test/render-samples.test.ts",
  "apps/server/test/sanctions-matcher.test.ts",
  "apps/server/test/server-catalogues.test.ts",
];

/**
 * Server test files that run in a module registry and a process of their own: those that replace a module of
 * the app (`vi.mock`), and those that run the e-mail outbox worker against real SMTP servers (a worker left
 * running by one file could deliver to another file's server on a reused port). Every other server file
 * shares its worker's modules with the files before it (`isolate: false`): importing the whole app once per
 * worker instead of once per file halves the server passes (docs/decisions.md "CI runs independent steps side
 * by side"). Each file still builds its own app on its own database; nothing a test relies on lives in a
 * module's state.
 */
export const ISOLATED = [
  "apps/server/test/auth.test.ts",
  "apps/server/test/account-security.test.ts",
  "apps/server/test/account-sessions.test.ts",
  "apps/server/test/broadcast-languages.test.ts",
  "apps/server/test/cluster.test.ts",
  "apps/server/test/deposit-messages.test.ts",
  "apps/server/test/identity-messages.test.ts",
  "apps/server/test/login-lockout.test.ts",
  "apps/server/test/mail-folder.test.ts",
  "apps/server/test/messages.test.ts",
  "apps/server/test/new-device.test.ts",
  "apps/server/test/newsletter-opt-in.test.ts",
  "apps/server/test/notifications.test.ts",
  "apps/server/test/passkeys.test.ts",
];

/**
 * Web test files that replace a module of the app (`vi.mock`): in a module registry of their own. Every other
 * web file shares its worker's modules, and with them React, i18next and the page's environment, with the
 * files before it (`isolate: false`, apps/web/src/test/shared-modules.setup.ts puts back what a file
 * changed): setting up the page's environment and importing the app once per file was three quarters of the
 * web tests' time (docs/decisions.md "CI runs independent steps side by side").
 */
export const WEB_ISOLATED = [
  "apps/web/src/entry-prerender.test.tsx",
  "apps/web/src/features/dashboard/components/transfer-card.test.tsx",
  "apps/web/src/features/inbox/api/inbox-api.test.tsx",
  "apps/web/src/features/kyc/components/personal-data-form.test.tsx",
  "apps/web/src/lib/paged-list.test.tsx",
];

const serverTest = {
  setupFiles: [
    "apps/server/test/helpers/no-checkout-data.setup.ts",
    "apps/server/test/helpers/statuses.setup.ts",
  ],
  globalSetup: [
    "apps/server/test/helpers/statuses.global.ts",
    "apps/server/test/helpers/database-template.global.ts",
  ],
  environment: "node",
  // Generous: a fresh database per file is slow when the machine is busy (2 cores shared).
  testTimeout: 120_000,
  hookTimeout: 120_000,
  pool: "forks",
} as const;

export default defineConfig({
  test: {
    projects: [
      {
        test: { name: "domain", include: ["packages/domain/src/**/*.test.ts"], environment: "node" },
      },
      {
        test: {
          ...serverTest,
          name: "server",
          include: ["apps/server/test/**/*.test.ts"],
          exclude: [...DATABASE_INDEPENDENT, ...ISOLATED],
          isolate: false,
        },
      },
      {
        test: { ...serverTest, name: "server-isolated", include: ISOLATED },
      },
      {
        test: {
          ...serverTest,
          name: "server-no-database",
          include: DATABASE_INDEPENDENT,
          isolate: false,
          setupFiles: [...serverTest.setupFiles, "apps/server/test/helpers/no-database.setup.ts"],
          globalSetup: ["apps/server/test/helpers/statuses.global.ts"],
        },
      },
      {
        extends: "./apps/web/vite.config.ts",
        test: {
          name: "web",
          include: ["apps/web/src/**/*.test.{ts,tsx}"],
          exclude: WEB_ISOLATED,
          environment: "happy-dom",
          isolate: false,
          setupFiles: ["apps/web/src/test/shared-modules.setup.ts"],
        },
      },
      {
        extends: "./apps/web/vite.config.ts",
        test: { name: "web-isolated", include: WEB_ISOLATED, environment: "happy-dom" },
      },
    ],
  },
});
