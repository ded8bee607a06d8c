# Mirrors `make build`: npm packages, the bundles built and embedded, one
# static binary in a small runtime image.
FROM node:20-bookworm-slim AS npm
WORKDIR /src
COPY package.json package-lock.json ./
RUN npm ci --omit=dev --no-audit --no-fund

FROM golang:1.26-bookworm AS build
WORKDIR /src
COPY go.mod go.sum ./
RUN go mod download
COPY . .
COPY --from=npm /src/node_modules ./node_modules
RUN go run ./server bundle server/assets/dist \
 && CGO_ENABLED=0 go build -trimpath -ldflags="-s -w" -o /out/server ./server

FROM gcr.io/distroless/static-debian12:nonroot
COPY --from=build /out/server /server
ENV ADDR=:3000
EXPOSE 3000
ENTRYPOINT ["/server"]
CMD ["serve"]
