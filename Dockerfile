# The compiled server and the built web app in one image (docs/decisions.md "Several processes behind a
# load balancer"). deploy/compose.yaml runs two of them behind HAProxy; apps/server/test/cluster.test.ts
# runs the same processes (node apps/server/dist/server.js) without containers.
#
#   docker build -t festgeld .
#   docker build --build-arg BRAND_FILE=brand/acme.json -t festgeld .   (a brand file inside the context)

# --- build: every dependency, then `npm run build` (web app into apps/web/dist, server into apps/server/dist)
FROM node:20-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
COPY apps/server/package.json apps/server/
COPY apps/web/package.json apps/web/
COPY packages/domain/package.json packages/domain/
RUN npm ci --no-audit --no-fund
COPY . .
ARG BRAND_FILE=
ENV BRAND_FILE=${BRAND_FILE}
RUN npm run build

# --- runtime: production dependencies only, the two build outputs, an unprivileged user
FROM node:20-bookworm-slim
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=3000 \
    DATA_DIR=/var/lib/festgeld
WORKDIR /app
COPY package.json package-lock.json ./
COPY apps/server/package.json apps/server/
COPY apps/web/package.json apps/web/
COPY packages/domain/package.json packages/domain/
RUN npm ci --omit=dev --no-audit --no-fund && npm cache clean --force
COPY --from=build /app/apps/server/dist apps/server/dist
COPY --from=build /app/apps/web/dist apps/web/dist
COPY --from=build /app/apps/web/dist-ssr apps/web/dist-ssr
COPY --from=build /app/tools/start.mjs tools/start.mjs
# DATA_DIR: the embedded database (without DATABASE_URL) and local documents (without DOCUMENT_STORE=s3).
RUN mkdir -p /var/lib/festgeld && chown node:node /var/lib/festgeld
USER node
EXPOSE 3000
VOLUME ["/var/lib/festgeld"]
HEALTHCHECK --interval=10s --timeout=3s --start-period=60s \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/api/ready').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
# node itself is PID 1's child of nothing: SIGTERM from `docker stop` reaches the server directly.
CMD ["node", "apps/server/dist/server.js"]
