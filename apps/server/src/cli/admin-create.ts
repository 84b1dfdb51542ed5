import { parseArgs } from "node:util";
import { ConfigError, loadConfig, readEnvFile } from "../config/env.ts";
import { DataDirInUseError } from "../db/data-dir-lock.ts";
import { DatabaseUnavailableError, openDatabase } from "../db/database.ts";
import { migrate } from "../db/migrate.ts";
import { AdminSetupError, createAdmin } from "../modules/auth/auth.service.ts";
import { generatePassword, passwordProblem } from "../modules/auth/password.ts";

/**
 * Creates an admin account:
 *   npm run admin:create -- --email admin@example.com [--name "Jane Doe"]
 * On a terminal it asks for the password (hidden, twice). Without one (a script, a pipe) it generates a
 * strong password and prints it once. There is no default password.
 */
const USAGE = 'Usage: npm run admin:create -- --email <address> [--name "Full Name"]';

/** Reads a line without echoing it (raw mode), for the password prompt. */
function promptHidden(question: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const stdin = process.stdin;
    process.stdout.write(question);
    stdin.setRawMode(true);
    stdin.setEncoding("utf8");
    stdin.resume();
    let value = "";
    const finish = (done: () => void) => {
      stdin.off("data", onData);
      stdin.setRawMode(false);
      stdin.pause();
      process.stdout.write("\n");
      done();
    };
    const onData = (chunk: string) => {
      for (const char of chunk) {
        if (char === "\r" || char === "\n") return finish(() => resolve(value));
        if (char === "\u0003" || char === "\u0004") return finish(() => reject(new Error("Cancelled")));
        if (char === "\u007f" || char === "\b") value = Array.from(value).slice(0, -1).join("");
        else value += char;
      }
    };
    stdin.on("data", onData);
  });
}

async function askPassword(): Promise<string> {
  for (let attempt = 0; attempt < 3; attempt++) {
    const password = await promptHidden("Password for the new admin: ");
    const problem = passwordProblem(password);
    if (problem) {
      console.error(problem.detail);
      continue;
    }
    if ((await promptHidden("Repeat the password: ")) !== password) {
      console.error("The two entries differ.");
      continue;
    }
    return password;
  }
  throw new AdminSetupError("No acceptable password entered");
}

async function main() {
  let values: { email?: string | undefined; name?: string | undefined; help?: boolean | undefined };
  try {
    ({ values } = parseArgs({
      options: {
        email: { type: "string" },
        name: { type: "string" },
        help: { type: "boolean", short: "h" },
      },
      strict: true,
    }));
  } catch (error) {
    console.error(error instanceof Error ? error.message : String(error));
    console.error(USAGE);
    return 2;
  }
  if (values.help) {
    console.log(USAGE);
    return 0;
  }
  if (!values.email) {
    console.error(USAGE);
    return 2;
  }

  readEnvFile();
  const config = loadConfig();
  const interactive = Boolean(process.stdin.isTTY && process.stdout.isTTY);
  // Opened first: a data directory another process holds is refused before a password is asked for.
  const database = await openDatabase(config);
  try {
    const password = interactive ? await askPassword() : generatePassword();
    await migrate(database);
    const admin = await createAdmin(
      database.db,
      { email: values.email, password, full_name: values.name ?? "Administrator" },
      { source: "cli" },
    );
    console.log(`Admin created: ${admin.email} (${admin.full_name})`);
    if (!interactive) {
      // Printed this once and nowhere else: it is not stored in clear anywhere.
      console.log(`Generated password (shown only now; keep it in a password manager): ${password}`);
    }
  } finally {
    await database.close();
  }
  return 0;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    if (error instanceof ConfigError)
      for (const p of error.problems) console.error(`Configuration error: ${p}`);
    else if (error instanceof DatabaseUnavailableError)
      console.error(`Configuration error: ${error.message}`);
    else if (error instanceof DataDirInUseError)
      console.error(
        `Admin not created: ${error.message} (Or let the server create the first admin: set ADMIN_EMAIL and ` +
          "ADMIN_PASSWORD and restart it.)",
      );
    else if (error instanceof AdminSetupError) console.error(`Admin not created: ${error.message}`);
    else console.error("Admin not created:", error instanceof Error ? error.message : error);
    process.exit(1);
  },
);
