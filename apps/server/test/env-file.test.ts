import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { ConfigError, readEnvFile } from "../src/config/env.ts";

/** `.env` is read at start, as .env.example says; the environment wins over the file. */
describe(".env file", () => {
  const dir = () => fs.mkdtempSync(path.join(os.tmpdir(), "festgeld-env-"));

  it("adds the file's variables that the environment does not set, and keeps those it does", () => {
    const cwd = dir();
    fs.writeFileSync(path.join(cwd, ".env"), "# comment\nPORT=4100\nHOST=0.0.0.0\nLOG_LEVEL='debug'\n");
    const env: NodeJS.ProcessEnv = { PORT: "5000" };
    expect(readEnvFile(env, cwd)).toBe(path.join(cwd, ".env"));
    expect(env).toEqual({ PORT: "5000", HOST: "0.0.0.0", LOG_LEVEL: "debug" });
  });

  it("is optional, unless ENV_FILE names a file that cannot be read", () => {
    const cwd = dir();
    const env: NodeJS.ProcessEnv = {};
    expect(readEnvFile(env, cwd)).toBeNull();
    expect(env).toEqual({});
    expect(() => readEnvFile({ ENV_FILE: "missing.env" }, cwd)).toThrow(ConfigError);
  });

  it("reads the file ENV_FILE names", () => {
    const cwd = dir();
    fs.writeFileSync(path.join(cwd, "staging.env"), "DATA_DIR=/srv/festgeld\n");
    const env: NodeJS.ProcessEnv = { ENV_FILE: "staging.env" };
    readEnvFile(env, cwd);
    expect(env.DATA_DIR).toBe("/srv/festgeld");
  });
});
