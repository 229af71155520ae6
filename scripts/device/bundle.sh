#!/bin/bash
# Packs what scripts/device/versus.sh needs on a bare x86-64 machine (no Node, no gnubg, no
# network) into .dev/ (ignored by git): this machine's node binary, GNU Backgammon with its data,
# the shared libraries it links (not the C library) and the Python 3.11 standard library it
# embeds, and tsx with esbuild. Run it here after `npm ci` and `apt-get install -y gnubg`; then
# send the repo with .dev (the device tool's `carry: [".dev"]`) and run scripts/device/versus.sh
# there. About 45 MB compressed.
set -euo pipefail
cd "$(dirname "$0")/../.."
command -v xz >/dev/null && [ -x /usr/games/gnubg ] && [ -d node_modules/tsx ] || { echo "needs xz, /usr/games/gnubg and npm ci" >&2; exit 1; }
stage=$(mktemp -d)
mkdir -p "$stage/opt/gnubg/lib" "$stage/usr/games" "$stage/usr/share" "$stage/usr/lib/gnubg" .dev
cp /usr/games/gnubg "$stage/usr/games/"
cp -r /usr/share/gnubg "$stage/usr/share/"
rm -rf "$stage/usr/share/gnubg/"{sounds,textures,pixmaps}
cp /usr/lib/gnubg/* "$stage/usr/lib/gnubg/"   # gnubg.wd: /usr/share/gnubg/gnubg.wd links to it
ldd /usr/games/gnubg | awk '/=>/{print $3}' | grep -v -E '/(libc|libm|libdl|libpthread|librt|libstdc\+\+|libgcc_s|ld-linux[^/]*)\.so' | xargs -I{} cp -L {} "$stage/opt/gnubg/lib/"
py=$(ldd /usr/games/gnubg | grep -o 'libpython3\.[0-9]*' | head -1 | sed 's/lib//')
cp -r "/usr/lib/$py" "$stage/usr/lib/"
(cd "$stage/usr/lib/$py" && rm -rf test idlelib tkinter ensurepip lib2to3 turtledemo pydoc_data unittest asyncio distutils multiprocessing sqlite3 curses dbm wsgiref xmlrpc config-3.* lib-dynload/_test* && find . -name __pycache__ -prune -exec rm -rf {} +)
strip --strip-unneeded "$stage/opt/gnubg/lib/"*.so* "$stage/usr/games/gnubg" 2>/dev/null || true
tar -C "$stage" -cf - . | xz -9e -T2 > .dev/gnubg.tar.xz
tar -C "$(dirname "$(readlink -f "$(command -v node)")")" -cf - node | xz -9e -T2 > .dev/node.tar.xz
tar -cf - node_modules/tsx node_modules/esbuild node_modules/@esbuild node_modules/.bin/tsx | xz -9e -T2 > .dev/nm.tar.xz
rm -rf "$stage"
ls -la .dev
