import { defineConfig, mergeConfig } from "vitest/config";
import viteConfig from "./vite.config.ts";

/** `npm test` inside apps/web: the component and unit tests only; the Playwright specs in e2e/ run with `npm run test:e2e`. */
export default mergeConfig(
  viteConfig({ command: "serve", mode: "test" }),
  defineConfig({ test: { include: ["src/**/*.test.{ts,tsx}"], environment: "happy-dom" } }),
);
