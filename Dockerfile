# Nardy bot: docker build -t nardy-bot . && docker run --env-file .env nardy-bot
# Build: compile TypeScript to dist/ (the image runs compiled JavaScript) and the Mini App's page to
# dist/webapp (Vite).
FROM node:20-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json tsconfig.json tsconfig.build.json tsconfig.web.json ./
RUN npm ci --no-audit --no-fund --ignore-scripts
COPY src ./src
RUN npm run build

# Production dependencies only.
FROM node:20-bookworm-slim AS deps
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --omit=dev --ignore-scripts --no-audit --no-fund && npm cache clean --force

FROM node:20-bookworm-slim
ENV NODE_ENV=production
WORKDIR /app
COPY --from=deps /app/node_modules ./node_modules
COPY --from=build /app/dist ./dist
COPY package.json ./
COPY locales ./locales
# Fonts and their fontconfig file, and the trained networks, travel with the image.
COPY assets ./assets
USER node
ENV XDG_CACHE_HOME=/tmp
# Fewer glibc malloc arenas: sharp's threads otherwise keep resident memory they no longer use
# (bench:bot: 205 MB instead of 230 at 200 games).
ENV MALLOC_ARENA_MAX=2
# What `npm start` runs, without npm in between: npm does not pass SIGTERM on, and the bot needs
# it to stop gracefully (finish in-flight updates, close Redis) on `docker stop`.
CMD ["node", "dist/main.js"]
