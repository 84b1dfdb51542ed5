// A bare Fastify server returning a constant JSON body: the ceiling the API routes are compared with.
// POST /bare also reads and parses a JSON body, the part of every POST that no route can skip.
//
// With REPLAY_FILE (written by api-throughput.ts) it also answers /replay/<n> with the status, headers
// and bytes the platform answered for the n-th route, and nothing else: what sending those very bytes
// costs, without any of the platform's work.
import { readFileSync } from "node:fs";
import Fastify from "fastify";

interface Recorded {
  method: "GET" | "POST";
  status: number;
  headers: Record<string, string>;
  body: string;
}

const app = Fastify({ logger: false });
const body = { status: "ok", items: [1, 2, 3] };
app.get("/bare", async () => body);
app.post("/bare", async () => body);
if (process.env.REPLAY_FILE) {
  const recorded = JSON.parse(readFileSync(process.env.REPLAY_FILE, "utf8")) as Recorded[];
  recorded.forEach((r, n) => {
    const bytes = Buffer.from(r.body, "base64");
    app.route({
      method: r.method,
      url: `/replay/${n}`,
      handler: (_request, reply) => {
        reply.code(r.status).headers(r.headers).send(bytes);
      },
    });
  });
}
await app.listen({ port: Number(process.env.PORT), host: "127.0.0.1" });
console.log("ready");
