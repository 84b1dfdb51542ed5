// A bare Fastify server returning a constant JSON body: the ceiling the API routes are compared with.
// POST /bare also reads and parses a JSON body, the part of every POST that no route can skip.
import Fastify from "fastify";

const app = Fastify({ logger: false });
const body = { status: "ok", items: [1, 2, 3] };
app.get("/bare", async () => body);
app.post("/bare", async () => body);
await app.listen({ port: Number(process.env.PORT), host: "127.0.0.1" });
console.log("ready");
