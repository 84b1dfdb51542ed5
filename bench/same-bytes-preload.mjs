// Loaded into the compiled server by bench/profile-same-bytes.ts (`node --import`): a bare Fastify
// server in the same process, on SAME_BYTES_PORT, answering /replay with the status, headers and bytes
// recorded in SAME_BYTES_FILE (the route's own answer). Both servers then share one heap, one set of
// timers and one garbage collector: what the route costs beyond sending its bytes, without the
// differences between two processes.
import { readFileSync } from "node:fs";
import { Session } from "node:inspector/promises";
import Fastify from "fastify";

if (process.env.SAME_BYTES_PORT && process.env.SAME_BYTES_FILE) {
  const recorded = JSON.parse(readFileSync(process.env.SAME_BYTES_FILE, "utf8"));
  const bytes = Buffer.from(recorded.body, "base64");
  const app = Fastify({ logger: false });
  app.route({
    method: recorded.method,
    url: "/replay",
    handler: (_request, reply) => {
      reply.code(recorded.status).headers(recorded.headers).send(bytes);
    },
  });
  // SAME_BYTES_MODE=heap: V8's sampling heap profiler, every allocation counted (those the collector has
  // since freed too), started and stopped by the benchmark between its rounds.
  if (process.env.SAME_BYTES_MODE === "heap") {
    const session = new Session();
    session.connect();
    await session.post("HeapProfiler.enable");
    app.post("/heap/start", async () => {
      await session.post("HeapProfiler.startSampling", {
        samplingInterval: 256,
        includeObjectsCollectedByMinorGC: true,
        includeObjectsCollectedByMajorGC: true,
      });
      return {};
    });
    app.post("/heap/stop", async () => (await session.post("HeapProfiler.stopSampling")).profile);
  }
  // With node --expose-gc: a full collection on request, so that rounds measured one after the other
  // start from the same heap (bench/instructions.ts).
  if (typeof globalThis.gc === "function") {
    app.post("/gc", async () => {
      globalThis.gc();
      return {};
    });
  }
  await app.listen({ port: Number(process.env.SAME_BYTES_PORT), host: "127.0.0.1" });
}
