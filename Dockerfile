# syntax=docker/dockerfile:1
# Photolala in a container: a release build on the official Swift image, run on Debian slim.
#   docker build -t photolala .
#   docker run -d -p 8080:8080 -v "$HOME/Pictures:/photos:ro" -v photolala-data:/data photolala
# Every package comes from scripts/setup.sh (--build, --runtime), the lists CI installs from.
# See docs/self-hosting.md.

# Swift 6.2 or newer: Hummingbird 2.28 and GRDB 7.10 need swift-tools-version 6.2 and 6.1.
FROM swift:6.2-bookworm AS build
WORKDIR /src
COPY scripts/setup.sh scripts/setup.sh
RUN bash scripts/setup.sh --build
COPY . .
RUN swift build -c release --static-swift-stdlib --product photolala \
 && install -D -m 0755 "$(swift build -c release --show-bin-path)/photolala" /out/photolala

FROM debian:bookworm-slim
COPY scripts/setup.sh /tmp/setup.sh
RUN bash /tmp/setup.sh --runtime \
 && rm -rf /var/lib/apt/lists/* /tmp/setup.sh \
 && useradd --uid 1000 --user-group --no-create-home --home-dir /data --shell /usr/sbin/nologin photolala \
 && mkdir -p /photos /data \
 && chown photolala:photolala /photos /data
COPY --from=build /out/photolala /usr/local/bin/photolala
COPY Templates /usr/share/photolala/Templates
COPY Public /usr/share/photolala/Public
COPY Locales /usr/share/photolala/Locales
COPY Gazetteer /usr/share/photolala/Gazetteer
COPY API /usr/share/photolala/API

ENV PHOTOLALA_RESOURCES=/usr/share/photolala \
    PHOTOLALA_LIBRARY=/photos \
    PHOTOLALA_DATA=/data \
    PHOTOLALA_HOST=0.0.0.0 \
    PHOTOLALA_PORT=8080
# /photos: the library (may be mounted read-only). /data: catalog, thumbnails, trash.
VOLUME ["/photos", "/data"]
EXPOSE 8080
USER photolala
WORKDIR /data

# No curl in the image: bash's /dev/tcp asks /healthz and wants a 200 status line.
HEALTHCHECK --interval=30s --timeout=5s --start-period=60s --retries=3 \
  CMD ["bash", "-c", "exec 3<>/dev/tcp/127.0.0.1/${PHOTOLALA_PORT:-8080} && printf 'GET /healthz HTTP/1.0\\r\\nHost: localhost\\r\\n\\r\\n' >&3 && IFS= read -r status <&3 && [[ $status == *' 200 '* ]]"]

STOPSIGNAL SIGTERM
ENTRYPOINT ["photolala"]
CMD ["serve"]
