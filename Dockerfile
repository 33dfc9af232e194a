# syntax=docker/dockerfile:1
# The image runs the same two steps CI runs on a bare machine (`npm ci`, then `npm run build`) and
# starts the same file `npm start` starts: one path, so the image cannot drift from what is tested.
# Node 22 LTS; non-root; ready when GET /api/ready answers 200 (docs/operations.md).

FROM node:22-bookworm-slim AS build
WORKDIR /app
# The manifests first: the dependency layer is reused until the lockfile changes.
COPY package.json package-lock.json ./
COPY packages/domain/package.json packages/domain/
COPY apps/server/package.json apps/server/
COPY apps/web/package.json apps/web/
COPY e2e/package.json e2e/
COPY bench/package.json bench/
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build && npm prune --omit=dev --no-audit --no-fund

FROM node:22-bookworm-slim
ENV NODE_ENV=production \
    PORT=3000 \
    DATA_DIR=/data
WORKDIR /app
COPY --from=build --chown=node:node /app /app
RUN mkdir -p /data && chown node:node /data
USER node
VOLUME ["/data"]
EXPOSE 3000
HEALTHCHECK --interval=10s --timeout=3s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 3000) + '/api/ready').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# SIGTERM finishes the requests in flight and the job step running (SHUTDOWN_GRACE_MS).
STOPSIGNAL SIGTERM
CMD ["node","apps/server/dist/main.js"]
