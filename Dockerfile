# syntax=docker/dockerfile:1

# The service as an image: build with the dev toolchain, run on production dependencies only, as
# a non-root user. Without DATABASE_URL it uses the embedded PostgreSQL in DATA_DIR (/data, a volume).
#   docker build -t trade-crm-service .
#   docker run -p 3000:3000 -e JWT_SECRET=… -v trade-data:/data trade-crm-service

ARG NODE_IMAGE=node:20-slim

# 1. Build: dev dependencies (Nest CLI, TypeScript) and the compiled dist/.
FROM ${NODE_IMAGE} AS build
# swagger-ui-dist's @scarf/scarf install script reports downloads; not from our builds.
ENV SCARF_ANALYTICS=false
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY tsconfig.json tsconfig.build.json nest-cli.json ormconfig.ts ./
COPY migrations ./migrations
COPY src ./src
RUN npm run build

# 2. Production dependencies only (argon2 ships prebuilt binaries for glibc x64/arm64: no compiler needed).
FROM ${NODE_IMAGE} AS deps
ENV SCARF_ANALYTICS=false
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --omit=dev --no-audit --no-fund && npm cache clean --force

# 3. Runtime: node, production node_modules, dist/ and package.json (the version endpoint reads it).
FROM ${NODE_IMAGE} AS runtime
ENV NODE_ENV=production \
    PORT=3000 \
    DATA_DIR=/data \
    STORAGE_DIR=/data/files
WORKDIR /app
# Code and dependencies stay owned by root (read-only for the service); only /data is writable.
COPY --from=deps /app/node_modules ./node_modules
COPY --from=build /app/dist ./dist
COPY package.json ./
RUN mkdir -p /data/files && chown -R node:node /data
VOLUME ["/data"]
USER node
EXPOSE 3000
HEALTHCHECK --interval=15s --timeout=5s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 3000) + '/health/live').then(r => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# The heap bound of `npm run start:prod` (see README, "Memory"): old space collected before it passes 192 MB.
CMD ["node", "--max-old-space-size=192", "--liftoff-only", "dist/src/main.js"]
