import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "../src/config/env.ts";
import { openPGlite } from "../src/db/database.ts";
import {
  AdminSetupError,
  ensureFirstAdmin,
  firstAdminConfigProblems,
} from "../src/modules/auth/auth.service.ts";
import { verifyPassword } from "../src/modules/auth/password.ts";
import { createTestApp, type TestApp } from "./helpers/app.ts";
import { runProgram } from "./helpers/cli.ts";
import { createUser, uniqueEmail } from "./helpers/factories.ts";

const tempDirs: string[] = [];
const tempDir = () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), "festgeld-admin-"));
  tempDirs.push(dir);
  return dir;
};

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
  for (const dir of tempDirs) rmSync(dir, { recursive: true, force: true });
});

const admins = () => t.app.db.selectFrom("users").selectAll().where("role", "=", "admin").execute();

describe("first admin from ADMIN_EMAIL / ADMIN_PASSWORD", () => {
  it("creates nothing without the variables: there is no default admin", async () => {
    expect(await ensureFirstAdmin(t.app.db, {})).toBe("not_configured");
    expect(await admins()).toEqual([]);
  });

  it("refuses to use an e-mail a customer already has", async () => {
    const { user } = await createUser(t.app);
    await expect(
      ensureFirstAdmin(t.app.db, { ADMIN_EMAIL: user.email, ADMIN_PASSWORD: "a long admin passphrase" }),
    ).rejects.toBeInstanceOf(AdminSetupError);
    expect(await admins()).toEqual([]);
  });

  it("creates the admin once, who can then sign in; later starts leave it alone", async () => {
    const email = uniqueEmail("boss");
    const result = await ensureFirstAdmin(t.app.db, {
      ADMIN_EMAIL: email.toUpperCase(),
      ADMIN_PASSWORD: "a long admin passphrase",
    });
    expect(result).toBe("created");
    const [admin] = await admins();
    expect(admin).toMatchObject({ email, role: "admin" });
    const login = await t.app.inject({
      method: "POST",
      url: "/api/auth/login",
      payload: { email, password: "a long admin passphrase" },
    });
    expect(login.statusCode).toBe(200);
    expect(login.json().user.role).toBe("admin");
    // Until it enrols two-factor, the new admin reaches no back-office route.
    const backOffice = await t.app.inject({
      url: "/api/admin/analytics",
      headers: { authorization: `Bearer ${login.json().access_token}` },
    });
    expect(backOffice.statusCode).toBe(403);
    expect(backOffice.json().code).toBe("two_factor_enrolment_required");

    const again = await ensureFirstAdmin(t.app.db, {
      ADMIN_EMAIL: uniqueEmail("second"),
      ADMIN_PASSWORD: "another long passphrase",
    });
    expect(again).toBe("admin_exists");
    expect(await admins()).toHaveLength(1);
  });

  it("checks ADMIN_PASSWORD with the same rules as every password", () => {
    expect(firstAdminConfigProblems({ ADMIN_EMAIL: "a@b.test", ADMIN_PASSWORD: "abc" })).toEqual([
      "ADMIN_PASSWORD must be at least 6 characters long",
    ]);
    expect(firstAdminConfigProblems({ ADMIN_EMAIL: "a@b.test", ADMIN_PASSWORD: "password1" })[0]).toMatch(
      /^ADMIN_PASSWORD is one of the 10,000 most common passwords/,
    );
    expect(
      firstAdminConfigProblems({ ADMIN_EMAIL: "a@b.test", ADMIN_PASSWORD: "x".repeat(129) }),
    ).toHaveLength(1);
    expect(
      firstAdminConfigProblems({ ADMIN_EMAIL: "a@b.test", ADMIN_PASSWORD: "good admin passphrase" }),
    ).toEqual([]);
  });

  it("needs both variables or neither", () => {
    expect(() => loadConfig({ ADMIN_EMAIL: "a@b.test" })).toThrow(ConfigError);
    expect(() => loadConfig({ ADMIN_PASSWORD: "good admin passphrase" })).toThrow(ConfigError);
    expect(() => loadConfig({ ADMIN_EMAIL: "", ADMIN_PASSWORD: "" })).not.toThrow();
  });

  // A server process on DATA_DIR (the embedded database) in either pass: the PostgreSQL pass skips it, as it
  // skips the commands below, which would run the same again.
  it.skipIf(Boolean(process.env.TEST_DATABASE_URL))(
    "the server refuses to start with a weak ADMIN_PASSWORD and says why in one line",
    async () => {
      const result = await runProgram("server", [], {
        DATA_DIR: tempDir(),
        PORT: "0",
        ADMIN_EMAIL: "admin@example.test",
        ADMIN_PASSWORD: "qwerty123",
      });
      expect(result.code).toBe(1);
      expect(result.stderr.trim()).toBe(
        "Configuration error: ADMIN_PASSWORD is one of the 10,000 most common passwords; choose another one",
      );
    },
    60_000,
  );
});

describe.skipIf(Boolean(process.env.TEST_DATABASE_URL))("npm run admin:create", () => {
  it("without a terminal, generates a strong password, prints it once and stores only its hash", async () => {
    const dataDir = tempDir();
    const result = await runProgram("admin-create", ["--email", "Ops@Example.test", "--name", "Olga Ops"], {
      DATA_DIR: dataDir,
    });
    expect(result.stderr).toBe("");
    expect(result.code).toBe(0);
    const generated = /Generated password[^:]*: (\S+)$/m.exec(result.stdout)?.[1];
    expect(generated).toMatch(/^[A-Za-z0-9_-]{24}$/);
    expect(result.stdout.split(generated as string)).toHaveLength(2);

    const again = await runProgram("admin-create", ["--email", "ops@example.test"], {
      DATA_DIR: dataDir,
    });
    expect(again.code).toBe(1);
    expect(again.stderr).toContain("already exists");

    const database = await openPGlite(dataDir);
    try {
      const rows = await database.db.selectFrom("users").selectAll().execute();
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({ email: "ops@example.test", full_name: "Olga Ops", role: "admin" });
      expect(rows[0]?.password_hash).not.toContain(generated);
      expect(await verifyPassword(rows[0]?.password_hash ?? "", generated as string)).toBe(true);
    } finally {
      await database.close();
    }
  }, 120_000);

  it("requires --email", async () => {
    const result = await runProgram("admin-create", [], { DATA_DIR: tempDir() });
    expect(result.code).toBe(2);
    expect(result.stderr).toContain("Usage: npm run admin:create -- --email");
  }, 60_000);
});
