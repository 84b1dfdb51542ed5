import { existsSync, promises as fsp, mkdirSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { addressToOpen } from "../src/config/address-to-open.ts";
import { loadConfig } from "../src/config/env.ts";
import { dataDirGuard } from "./helpers/no-checkout-data.ts";

describe("tests never touch the checkout's ./data", () => {
  it("refuses and records every file system call inside it, and gives DATA_DIR a temporary directory", async () => {
    const guard = dataDirGuard();
    const data = guard.forbidden[0] as string;
    expect(data).toBe(path.resolve("data"));
    expect(() => mkdirSync(path.join(data, "probe"), { recursive: true })).toThrow(
      /checkout's data directory/,
    );
    await expect(fsp.readdir(data)).rejects.toThrow(/checkout's data directory/);
    expect(() => existsSync("./data/pglite")).toThrow(/checkout's data directory/);
    expect(guard.violations).toHaveLength(3);
    // Seen: the file's own check after all tests would fail; cleared here because they were meant.
    guard.violations.length = 0;

    const fromEnvironment = loadConfig().dataDir;
    expect(fromEnvironment.startsWith(data)).toBe(false);
    expect(path.basename(fromEnvironment)).toMatch(/^festgeld-test-/);
  });
});

describe("the address printed at start", () => {
  it("is localhost for a loopback or any-address HOST (passkeys refuse IP addresses), else PUBLIC_URL", () => {
    const at = (env: Record<string, string>) => {
      const config = loadConfig({ NODE_ENV: "test", ...env });
      return { open: addressToOpen(config, 4321), links: config.publicUrl };
    };
    expect(at({ HOST: "127.0.0.1", PORT: "4321" })).toEqual({
      open: "http://localhost:4321",
      links: "http://localhost:4321",
    });
    expect(at({ HOST: "0.0.0.0" }).open).toBe("http://localhost:4321");
    expect(at({ HOST: "::1" }).open).toBe("http://localhost:4321");
    expect(at({ HOST: "192.0.2.7" }).open).toBe("http://192.0.2.7:4321");
    expect(at({ HOST: "127.0.0.1", PUBLIC_URL: "https://festgeld.example.test/" })).toEqual({
      open: "https://festgeld.example.test",
      links: "https://festgeld.example.test",
    });
  });
});
