import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    projects: [
      {
        test: { name: "domain", include: ["packages/domain/src/**/*.test.ts"], environment: "node" },
      },
      {
        test: {
          name: "server",
          include: ["apps/server/test/**/*.test.ts"],
          setupFiles: [
            "apps/server/test/helpers/no-checkout-data.setup.ts",
            "apps/server/test/helpers/statuses.setup.ts",
          ],
          globalSetup: ["apps/server/test/helpers/statuses.global.ts"],
          environment: "node",
          // Generous: a fresh PGlite per file is slow when the machine is busy (2 cores shared).
          testTimeout: 120_000,
          hookTimeout: 120_000,
          pool: "forks",
        },
      },
      {
        extends: "./apps/web/vite.config.ts",
        test: {
          name: "web",
          include: ["apps/web/src/**/*.test.{ts,tsx}"],
          environment: "happy-dom",
        },
      },
    ],
  },
});
