# hookjudge daemon image: the built daemon on node:20-slim, as the node user, health-checked with `hookjudge status`.
#   docker build -t hookjudge .
#   docker run -d --name hookjudge --read-only -p 127.0.0.1:5834:5834 -e ANTHROPIC_API_KEY \
#     -v "$PWD/config.yaml:/etc/hookjudge/config.yaml:ro" -v "$PWD/token:/etc/hookjudge/token:ro" \
#     -v hookjudge-state:/var/lib/hookjudge hookjudge
# Reload: docker kill -s HUP hookjudge. Stop: docker stop (SIGTERM drains in-flight requests, then exits 0).

FROM node:20-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
# --ignore-scripts: no prepare build yet (no sources) and no postinstall of the agent CLIs the tests use.
RUN npm ci --ignore-scripts --no-audit --no-fund
COPY tsconfig.json tsconfig.build.json ./
COPY server ./server
COPY config ./config
RUN npm run build

FROM node:20-slim AS deps
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --omit=dev --ignore-scripts --no-audit --no-fund

FROM node:20-slim
WORKDIR /app
# A container is reached through a published port, so in the image (only here) the daemon binds every interface.
# A non-loopback bind requires a bearer token: the mounted config must set server.tokenFile or server.tokensFile
# (one token per person; contrib/compose/ and docs/team.md).
ENV NODE_ENV=production \
    HOOKJUDGE_HOST=0.0.0.0 \
    HOOKJUDGE_CONFIG=/etc/hookjudge/config.yaml \
    XDG_STATE_HOME=/var/lib/hookjudge
RUN mkdir -p /var/lib/hookjudge && chown node:node /var/lib/hookjudge
COPY package.json ./
COPY config ./config
COPY shim ./shim
# The review page's files are read from the package at startup, not compiled into dist/.
COPY server/ui/assets ./server/ui/assets
COPY --from=deps /app/node_modules ./node_modules
COPY --from=build /app/dist ./dist
# The decision log is the only thing written: everything else can be a read-only filesystem.
VOLUME ["/var/lib/hookjudge"]
USER node
EXPOSE 5834
# status exits 0 when the daemon answers, 3 when it does not; no curl needed.
HEALTHCHECK --interval=30s --timeout=5s --start-period=10s --retries=3 CMD ["node", "dist/server/cli.js", "status"]
CMD ["node", "--max-semi-space-size=4", "--max-old-space-size=1024", "--heap-growing-percent=30", "dist/server/cli.js", "serve"]
