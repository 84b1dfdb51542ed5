import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { SMTPServer } from "smtp-server";

/**
 * A real SMTP server for the end-to-end run, started once in Playwright's main process: the server
 * under test sends its e-mails here, and each message lands as one JSON file (recipients and the raw
 * message) in `dir`, where the specs read it (mailbox.ts). Nothing leaves the machine.
 */
export function startMailServer(port: number, dir: string) {
  mkdirSync(dir, { recursive: true });
  let count = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS", "AUTH"],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        count += 1;
        const to = session.envelope.rcptTo.map((r) => r.address.toLowerCase());
        const file = path.join(dir, `${Date.now()}-${String(count).padStart(6, "0")}.json`);
        writeFileSync(file, JSON.stringify({ to, raw: Buffer.concat(chunks).toString("utf8") }));
        callback();
      });
    },
  });
  server.listen(port, "127.0.0.1");
  // The run ends when the tests do, not when this server would.
  server.server.unref();
  return server;
}
