# Nardy bot: docker build -t nardy-bot . && docker run --env-file .env nardy-bot
FROM node:20-bookworm-slim AS deps
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --omit=dev --no-audit --no-fund && npm cache clean --force

FROM node:20-bookworm-slim
ENV NODE_ENV=production
WORKDIR /app
COPY --from=deps /app/node_modules ./node_modules
COPY package.json tsconfig.json ./
COPY src ./src
COPY locales ./locales
# Fonts and their fontconfig file travel with the image: boards look the same everywhere.
COPY assets ./assets
USER node
ENV XDG_CACHE_HOME=/tmp
# The command `npm start` runs, without npm in between: npm does not pass SIGTERM on, and the bot
# needs it to stop gracefully (finish in-flight updates, close Redis) on `docker stop`.
CMD ["node", "--import", "tsx", "src/main.ts"]
