# syntax=docker/dockerfile:1.7
# Image of every backend service (billing, skills, documents, matching, sourcing): one file, the service named by
# the build argument SERVICE (its folder under services/). Build from the repository root (context `.`):
#   docker build -f services/backend.Dockerfile --build-arg SERVICE=billing -t billing .
# Targets: `runtime` (default, production) and `dev` (used by `skaffold dev`: tsc --watch + node --watch).
# The same image runs the service (`node dist/main.js`) and its migrations (`node dist/migrate.js`).
# The gateway (HTTP, no database) has its own services/gateway/Dockerfile.
ARG NODE_VERSION=20.20

FROM node:${NODE_VERSION}-bookworm-slim AS base
ENV PNPM_HOME=/pnpm \
    PATH=/pnpm:$PATH \
    CI=true \
    PRISMA_HIDE_UPDATE_MESSAGE=1
# corepack fails its signature check: install pnpm with npm
RUN npm install --global --no-fund --no-audit pnpm@10 && pnpm --version
WORKDIR /app

FROM base AS build
# fetch every package of the lockfile into the store first: this layer only changes with the lockfile, and the
# services share it (SERVICE is declared after it)
# (.pnpmfile.cjs is part of the resolution: its checksum is recorded in the lockfile)
COPY pnpm-lock.yaml pnpm-workspace.yaml .pnpmfile.cjs ./
RUN --mount=type=cache,id=pnpm-store,target=/pnpm/store pnpm fetch
COPY . .
ARG SERVICE
RUN [ -n "${SERVICE}" ] && [ -f "services/${SERVICE}/prisma/schema.prisma" ] \
 || { echo "--build-arg SERVICE=<a folder under services/ with prisma/schema.prisma> is required"; exit 1; }
# the root project (build tools: typescript, prisma) and the service with its workspace dependencies
RUN --mount=type=cache,id=pnpm-store,target=/pnpm/store \
    pnpm install --offline --frozen-lockfile --filter talent-platform --filter "@talent/${SERVICE}..."
# Prisma client (prisma-client generator, output src/generated/prisma, compiled into dist/). The CLI wants a
# native schema engine that generation does not use: any executable stands in.
RUN cd services/${SERVICE} && PRISMA_SCHEMA_ENGINE_BINARY=/bin/true /app/node_modules/.bin/prisma generate
RUN pnpm --filter "@talent/${SERVICE}..." build
# standalone production folder: package.json, dist/, prisma/, production node_modules (no dev dependencies)
RUN --mount=type=cache,id=pnpm-store,target=/pnpm/store \
    pnpm deploy --legacy --filter @talent/${SERVICE} --prod /out \
 && test -f /out/dist/main.js \
 && test -f /out/dist/migrate.js \
 && test -d /out/prisma/migrations \
 && test -d /out/dist/generated/prisma \
 && for dep in /out/node_modules/@talent/*; do test -d "$dep/dist" || { echo "missing dist in $dep"; exit 1; }; done \
 && if ls /out/node_modules/.pnpm | grep -E '^(prisma|typescript)@|^@prisma\+dev@'; then echo "build tools among the production dependencies (see .pnpmfile.cjs)"; exit 1; fi \
 && rm -rf /out/Dockerfile /out/src /out/test /out/tsconfig*.json /out/*.tsbuildinfo /out/dist/.tsbuildinfo /out/vitest.config.*

# skaffold dev: sources are synced into /app, tsc rebuilds dist/ and node restarts on change
FROM build AS dev
ARG SERVICE
RUN chown -R 1000:1000 /app/services/${SERVICE} /app/packages
WORKDIR /app/services/${SERVICE}
ENV NODE_ENV=development \
    GRPC_PORT=50051 \
    DATABASE_SCHEMA=${SERVICE} \
    METRICS_PORT=9464
USER 1000:1000
EXPOSE 50051 9464
CMD ["sh", "-c", "/app/node_modules/.bin/tsc -b --watch --preserveWatchOutput & exec node --watch dist/main.js"]

FROM node:${NODE_VERSION}-bookworm-slim AS runtime
ARG SERVICE
ENV NODE_ENV=production \
    GRPC_PORT=50051 \
    DATABASE_SCHEMA=${SERVICE} \
    METRICS_PORT=9464
WORKDIR /app
# the deployed package without sources: package.json, dist/, prisma/migrations, shipped data, production
# node_modules. Files stay owned by root, read-only for the service user.
COPY --from=build /out/ ./
# numeric uid so that Kubernetes can verify runAsNonRoot (the "node" user of the base image)
USER 1000:1000
EXPOSE 50051 9464
STOPSIGNAL SIGTERM
# Kubernetes uses the chart's native gRPC probes; this check serves `docker run` (grpc.health.v1 through @talent/platform)
HEALTHCHECK --interval=15s --timeout=3s --start-period=20s --retries=3 \
  CMD ["node", "--input-type=module", "-e", "const { HealthProbe } = await import('@talent/platform'); const p = new HealthProbe('127.0.0.1:' + (process.env.GRPC_PORT || 50051)); const ok = await p.isServing(2000); p.close(); process.exit(ok ? 0 : 1)"]
CMD ["node", "dist/main.js"]
