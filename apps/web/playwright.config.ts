import { existsSync, mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { defineConfig, devices } from "@playwright/test";
import { startMailServer } from "./e2e/mail-server.ts";

// One server for the run, on a free-ish port below the kernel's ephemeral range (32768 and up, where an
// outgoing connection of another test could hold it) with a throw-away data directory. Set once in the main
// process; workers inherit the environment, so every process agrees on them.
process.env.E2E_PORT ??= String(20000 + Math.floor(Math.random() * 8000));
process.env.E2E_DATA_DIR ??= mkdtempSync(path.join(os.tmpdir(), "festgeld-e2e-"));
// The deposit lifecycle journey moves its server's clock (POST /api/admin/clock), which would expire
// every other spec's sessions: it gets a server of its own, not in production mode, with CLOCK_CONTROL.
process.env.E2E_CLOCK_PORT ??= String(Number(process.env.E2E_PORT) + 1);
process.env.E2E_CLOCK_DATA_DIR ??= mkdtempSync(path.join(os.tmpdir(), "festgeld-e2e-clock-"));
// The monthly interest journey moves a clock too: a third server of its own, so that it runs beside the
// specs without a clock (the "chromium" project) instead of lengthening the chain of clock journeys.
// E2E_PORT + 2 is the mail server's.
process.env.E2E_MONTHLY_PORT ??= String(Number(process.env.E2E_PORT) + 3);
process.env.E2E_MONTHLY_DATA_DIR ??= mkdtempSync(path.join(os.tmpdir(), "festgeld-e2e-monthly-"));
const port = Number(process.env.E2E_PORT);
const clockPort = Number(process.env.E2E_CLOCK_PORT);
const monthlyPort = Number(process.env.E2E_MONTHLY_PORT);
// The journeys move the clock server's clock: they run one after the other (the payments journey in a
// project that depends on the lifecycle one, the returned payout's on the payments one), never side
// by side.
const LIFECYCLE_SPEC = /deposit-lifecycle\.spec\.ts/;
const PAYMENTS_SPEC = /payments\.spec\.ts/;
const PAYOUT_RETURNED_SPEC = /payout-returned\.spec\.ts/;
const MONTHLY_INTEREST_SPEC = /monthly-interest\.spec\.ts/;
// A local SMTP server for the run, which both servers send to (started once, here in the main
// process; workers inherit the variables and read the messages from E2E_MAIL_DIR, see e2e/mailbox.ts).
if (!process.env.E2E_SMTP_PORT) {
  process.env.E2E_SMTP_PORT = String(port + 2);
  process.env.E2E_MAIL_DIR = mkdtempSync(path.join(os.tmpdir(), "festgeld-e2e-mail-"));
  startMailServer(Number(process.env.E2E_SMTP_PORT), process.env.E2E_MAIL_DIR);
}
const repoRoot = path.resolve(import.meta.dirname, "../..");
/**
 * The browser: Debian's headless shell (package chromium-headless-shell, the same engine without the
 * desktop browser's compositor and GPU process work) when it is installed, else Debian's Chromium;
 * CHROMIUM_PATH chooses another (docs/decisions.md "End-to-end tests in the headless shell").
 */
const HEADLESS_SHELL = "/usr/bin/chromium-headless-shell";
const chromiumPath =
  process.env.CHROMIUM_PATH ?? (existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : "/usr/bin/chromium");

export const E2E_ADMIN = { email: "admin@e2e.example.test", password: "e2e-Admin-Passphrase-2026" };

const serverEnv = {
  HOST: "127.0.0.1",
  LOG_LEVEL: "warn",
  ADMIN_EMAIL: E2E_ADMIN.email,
  ADMIN_PASSWORD: E2E_ADMIN.password,
  SMTP_URL: `smtp://127.0.0.1:${process.env.E2E_SMTP_PORT}`,
  SMTP_FROM: "Festgeld Demo <no-reply@e2e.example.test>",
  // Every spec registers and signs in from 127.0.0.1, and several sign in as E2E_ADMIN: the attempt
  // limits (tested by the API suite) would otherwise end the run early.
  AUTH_RATE_LIMIT_PER_IP: "100000",
  AUTH_RATE_LIMIT_PER_ACCOUNT: "100000",
};

export default defineConfig({
  testDir: "./e2e",
  // Enrols the e2e admin's two-factor on both servers once they are up (every admin must have it).
  globalSetup: "./e2e/global-setup.ts",
  fullyParallel: false,
  workers: process.env.CI ? 2 : 2,
  retries: process.env.CI ? 1 : 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [["list"]] : [["list"]],
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    // Recording a trace costs the browser as much as the test itself: in CI only the retry of a failed
    // test records one (it is kept when the retry fails too, or shows the flake when it passes).
    trace: process.env.CI ? "on-first-retry" : "retain-on-failure",
    launchOptions: {
      executablePath: chromiumPath,
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-quic",
        "--no-first-run",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
      ],
    },
  },
  projects: [
    {
      name: "chromium",
      testIgnore: [LIFECYCLE_SPEC, PAYMENTS_SPEC, PAYOUT_RETURNED_SPEC, MONTHLY_INTEREST_SPEC],
      use: { ...devices["Desktop Chrome"], channel: undefined },
    },
    {
      name: "lifecycle",
      testMatch: LIFECYCLE_SPEC,
      use: { ...devices["Desktop Chrome"], channel: undefined, baseURL: `http://127.0.0.1:${clockPort}` },
    },
    {
      name: "lifecycle-payments",
      testMatch: PAYMENTS_SPEC,
      dependencies: ["lifecycle"],
      use: { ...devices["Desktop Chrome"], channel: undefined, baseURL: `http://127.0.0.1:${clockPort}` },
    },
    {
      // Its own clock server: no dependency, so a worker runs it while the other works through the rest.
      name: "monthly-interest",
      testMatch: MONTHLY_INTEREST_SPEC,
      use: { ...devices["Desktop Chrome"], channel: undefined, baseURL: `http://127.0.0.1:${monthlyPort}` },
    },
    {
      name: "lifecycle-payout-returned",
      testMatch: PAYOUT_RETURNED_SPEC,
      dependencies: ["lifecycle-payments"],
      use: { ...devices["Desktop Chrome"], channel: undefined, baseURL: `http://127.0.0.1:${clockPort}` },
    },
  ],
  webServer: [
    {
      // The compiled server, as in production (`npm run test:e2e` builds it with the web app).
      command: "node apps/server/dist/server.js",
      cwd: repoRoot,
      url: `http://127.0.0.1:${port}/api/ready`,
      reuseExistingServer: false,
      timeout: 120_000,
      stdout: "ignore",
      stderr: "pipe",
      env: {
        ...serverEnv,
        PORT: String(port),
        DATA_DIR: process.env.E2E_DATA_DIR,
        NODE_ENV: "production",
        PUBLIC_URL: `http://127.0.0.1:${port}`,
      },
    },
    {
      // The same compiled server with a clock the admin may move (refused in production).
      command: "node apps/server/dist/server.js",
      cwd: repoRoot,
      url: `http://127.0.0.1:${clockPort}/api/ready`,
      reuseExistingServer: false,
      timeout: 120_000,
      stdout: "ignore",
      stderr: "pipe",
      env: {
        ...serverEnv,
        PORT: String(clockPort),
        DATA_DIR: process.env.E2E_CLOCK_DATA_DIR,
        NODE_ENV: "test",
        CLOCK_CONTROL: "true",
        PUBLIC_URL: `http://127.0.0.1:${clockPort}`,
      },
    },
    {
      // The monthly interest journey's clock server (same settings, its own data directory).
      command: "node apps/server/dist/server.js",
      cwd: repoRoot,
      url: `http://127.0.0.1:${monthlyPort}/api/ready`,
      reuseExistingServer: false,
      timeout: 120_000,
      stdout: "ignore",
      stderr: "pipe",
      env: {
        ...serverEnv,
        PORT: String(monthlyPort),
        DATA_DIR: process.env.E2E_MONTHLY_DATA_DIR,
        NODE_ENV: "test",
        CLOCK_CONTROL: "true",
        PUBLIC_URL: `http://127.0.0.1:${monthlyPort}`,
      },
    },
  ],
});
