import { loadConfig, readEnvFile } from "../config/env.ts";
import { rotateDocumentKey } from "../ops/rotate-key.ts";
import { exitFailed } from "./command-failure.ts";

/**
 * Re-encrypts every stored document under the current document key and retires the old one
 * (ops/rotate-key.ts):
 *   npm run rotate-key
 * With DOCUMENT_KEY: set the new key as DOCUMENT_KEY and the old one as DOCUMENT_KEY_PREVIOUS first.
 * With the generated key file: stop the server; the command makes the new key. Safe to run again
 * after an interruption.
 */
try {
  readEnvFile();
  const config = loadConfig();
  const report = await rotateDocumentKey(config, {
    onProgress: (done) => console.log(`${done} documents checked...`),
  });
  for (const line of report.lines) console.log(line);
  if (!report.retired) process.exit(1);
} catch (error) {
  exitFailed("Key rotation", error);
}
