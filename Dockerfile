# syntax=docker/dockerfile:1
# The production image: dependencies and the build in one stage, a slim runtime with production
# dependencies only in the next. Build: docker build -t swapgate .  Run: see compose.yaml.

FROM node:24-bookworm-slim AS build
WORKDIR /app
ENV PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1
COPY package.json package-lock.json ./
# The postinstall step (scripts/postinstall.mjs) runs with the install.
COPY scripts/postinstall.mjs scripts/
# npm ci refuses lock files written without other platforms' optional packages (docs/decisions/004).
RUN npm ci --no-audit --no-fund || npm install --no-audit --no-fund --no-save
COPY . .
RUN npx react-router build && npm prune --omit=dev --no-audit --no-fund

FROM node:24-bookworm-slim AS runtime
WORKDIR /app
ENV NODE_ENV=production \
    PORT=3000 \
    HOST=0.0.0.0 \
    DATA_DIR=/app/data
# The build is newer than every source it was made from, so the server never rebuilds at start.
COPY --from=build --chown=node:node /app /app
RUN mkdir -p /app/data && chown node:node /app/data
USER node
EXPOSE 3000
VOLUME ["/app/data"]
HEALTHCHECK --interval=15s --timeout=3s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:3000/healthz').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
STOPSIGNAL SIGTERM
CMD ["node", "--liftoff-only", "server/start.ts"]
