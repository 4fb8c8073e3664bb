# syntax=docker/dockerfile:1
# Fieldhouse in one image: the web app is built here, at image build, and the runtime stage
# holds only the server's production dependencies, running as the unprivileged `node` user.
#   docker build -t fieldhouse .
#   docker run -p 3000:3000 -v fieldhouse-data:/data fieldhouse
# The same Node major as .nvmrc (the active LTS).
ARG NODE_IMAGE=node:24-bookworm-slim

# 0. What npm needs to install: the manifests and the lockfile of the workspaces.
FROM ${NODE_IMAGE} AS manifests
WORKDIR /app
COPY package.json package-lock.json .npmrc ./
COPY packages/shared/package.json packages/shared/
COPY packages/client/package.json packages/client/
COPY apps/server/package.json apps/server/
COPY apps/web/package.json apps/web/
COPY apps/member/package.json apps/member/

# 1. Everything installed (dev dependencies too) to build the web apps and the server's bundle.
FROM manifests AS build
RUN npm ci --no-audit --no-fund
COPY tsconfig.base.json ./
COPY scripts scripts
COPY packages/shared packages/shared
COPY packages/client packages/client
COPY apps/server apps/server
COPY apps/web apps/web
COPY apps/member apps/member
RUN npm run build --workspace @fieldhouse/web && npm run build --workspace @fieldhouse/member \
  && node scripts/server-build.mjs --force

# 2. The server's production dependencies only (no web toolchain, no test tools).
FROM manifests AS deps
RUN npm ci --omit=dev --workspace @fieldhouse/server --no-audit --no-fund

# 3. The runtime: the server's bundle (decision 035) and the built web apps beside it; the sources
#    too, for the operator commands (`npm run migrate|backup|restore|admin`, through tsx).
FROM ${NODE_IMAGE} AS runtime
ENV NODE_ENV=production \
    PORT=3000 \
    HOST=0.0.0.0 \
    DATA_DIR=/data
WORKDIR /app
COPY --from=deps /app/node_modules node_modules
COPY package.json ./
COPY packages/shared packages/shared
COPY apps/server/package.json apps/server/
COPY apps/server/src apps/server/src
COPY apps/server/drizzle apps/server/drizzle
COPY --from=build /app/apps/server/dist apps/server/dist
COPY --from=build /app/apps/web/dist apps/web/dist
COPY --from=build /app/apps/member/dist apps/member/dist
# PGlite's files, the identity key file and attachments live in /data; only `node` writes there.
RUN mkdir -p /data && chown node:node /data
VOLUME ["/data"]
USER node
EXPOSE 3000
# /health answers 200 while the database answers; docker marks the container unhealthy otherwise.
HEALTHCHECK --interval=15s --timeout=5s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/health').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
# SIGTERM reaches node directly (no npm in between): in-flight requests finish, then it exits.
WORKDIR /app/apps/server
CMD ["node", "--enable-source-maps", "dist/server.mjs"]
