import { createRequire as __festgeldRequire } from 'node:module'; const require = __festgeldRequire(import.meta.url);
import {
  AdminSetupError,
  createAdmin,
  generatePassword,
  passwordProblem
} from "./chunk-3UNGSQFS.js";
import {
  migrate
} from "./chunk-2QAYZ43G.js";
import "./chunk-D6HMV7MT.js";
import {
  DatabaseUnavailableError,
  openDatabase
} from "./chunk-TJDKFA6Y.js";
import {
  ConfigError,
  loadConfig,
  readEnvFile
} from "./chunk-YUME3DMW.js";
import "./chunk-NUPHUQFI.js";

// apps/server/src/cli/admin-create.ts
import { parseArgs } from "node:util";
var USAGE = 'Usage: npm run admin:create -- --email <address> [--name "Full Name"]';
function promptHidden(question) {
  return new Promise((resolve, reject) => {
    const stdin = process.stdin;
    process.stdout.write(question);
    stdin.setRawMode(true);
    stdin.setEncoding("utf8");
    stdin.resume();
    let value = "";
    const finish = (done) => {
      stdin.off("data", onData);
      stdin.setRawMode(false);
      stdin.pause();
      process.stdout.write("\n");
      done();
    };
    const onData = (chunk) => {
      for (const char of chunk) {
        if (char === "\r" || char === "\n") return finish(() => resolve(value));
        if (char === "" || char === "") return finish(() => reject(new Error("Cancelled")));
        if (char === "\x7F" || char === "\b") value = Array.from(value).slice(0, -1).join("");
        else value += char;
      }
    };
    stdin.on("data", onData);
  });
}
async function askPassword() {
  for (let attempt = 0; attempt < 3; attempt++) {
    const password = await promptHidden("Password for the new admin: ");
    const problem = passwordProblem(password);
    if (problem) {
      console.error(problem.detail);
      continue;
    }
    if (await promptHidden("Repeat the password: ") !== password) {
      console.error("The two entries differ.");
      continue;
    }
    return password;
  }
  throw new AdminSetupError("No acceptable password entered");
}
async function main() {
  let values;
  try {
    ({ values } = parseArgs({
      options: {
        email: { type: "string" },
        name: { type: "string" },
        help: { type: "boolean", short: "h" }
      },
      strict: true
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
  const password = interactive ? await askPassword() : generatePassword();
  const database = await openDatabase(config);
  try {
    await migrate(database);
    const admin = await createAdmin(
      database.db,
      { email: values.email, password, full_name: values.name ?? "Administrator" },
      { source: "cli" }
    );
    console.log(`Admin created: ${admin.email} (${admin.full_name})`);
    if (!interactive) {
      console.log(`Generated password (shown only now; keep it in a password manager): ${password}`);
    }
  } finally {
    await database.close();
  }
  return 0;
}
main().then(
  (code) => process.exit(code),
  (error) => {
    if (error instanceof ConfigError)
      for (const p of error.problems) console.error(`Configuration error: ${p}`);
    else if (error instanceof DatabaseUnavailableError)
      console.error(`Configuration error: ${error.message}`);
    else if (error instanceof AdminSetupError) console.error(`Admin not created: ${error.message}`);
    else console.error("Admin not created:", error instanceof Error ? error.message : error);
    process.exit(1);
  }
);
//# sourceMappingURL=admin-create.js.map
