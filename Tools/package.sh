#!/usr/bin/env bash
# Builds `bolt11` as one self-contained file and a Debian package of it.
#
#   Tools/package.sh     prints the path of .build/package/bolt11_VERSION_ARCH.deb last
#
# The release build links the Swift runtime statically (--static-swift-stdlib), and libsecp256k1
# statically from Debian's archive (libsecp256k1-dev ships libsecp256k1.a); when that archive is
# missing it links the shared library. `ldd` must list no Swift library, and the binary must hold
# neither Foundation's internationalisation nor ICU (37 MB of data; FoundationEssentials at most).
# `Depends` comes from dpkg-shlibdeps (versioned libc6, libgcc-s1, libstdc++6, and libsecp256k1-1
# when it is linked dynamically). The package installs /usr/bin/bolt11, its manual page, bash, zsh
# and fish completions (all printed by the built tool from its command table), the copyright file
# (Tools/debian/copyright.in plus the Expat licence from LICENSE) and changelog.Debian.gz
# (Tools/debian/changelog, whose first entry must be this version with its Debian revision).
# Prints the sizes of the stripped binary and of the .deb on standard error.
#
# Beside the package, a fully static executable for any x86-64 or arm64 Linux (the way ripgrep's
# releases ship): .build/package/bolt11-VERSION-ARCH-linux-static.tar.gz, with the same manual
# page, completions and licence. Glibc, libstdc++ and the Swift runtime are linked in, so it needs
# no library and no dynamic loader, and a one-shot decode takes about 1.6 times a C no-op where
# the .deb's takes 3.3 (Tools/startup-bench.py); the .deb stays dynamically linked against the C
# and C++ libraries, since Debian treats a statically linked binary in a package as a bug
# (lintian: statically-linked-binary) and ships C library fixes through libc6.
# Needs the Swift toolchain, pkg-config, libsecp256k1-dev, dpkg-dev and dpkg-deb; Debian or Ubuntu.
set -euo pipefail
cd "$(dirname "$0")/.."

out=.build/package
log=$out/build.log
rm -rf "$out/root" "$out"/*.deb
mkdir -p "$out"

# A pkg-config file whose library folder holds only the static archive, so that the linker's
# -lsecp256k1 finds libsecp256k1.a before Debian's shared library.
libdir=$(pkg-config --variable=libdir libsecp256k1)
if [ -f "$libdir/libsecp256k1.a" ]; then
  mkdir -p "$out/static-lib" "$out/pkgconfig"
  ln -sf "$libdir/libsecp256k1.a" "$out/static-lib/libsecp256k1.a"
  cat >"$out/pkgconfig/libsecp256k1.pc" <<PC
Name: libsecp256k1
Description: libsecp256k1, static archive only
Version: $(pkg-config --modversion libsecp256k1)
Cflags: $(pkg-config --cflags libsecp256k1)
Libs: -L$PWD/$out/static-lib -lsecp256k1
PC
  export PKG_CONFIG_PATH="$PWD/$out/pkgconfig${PKG_CONFIG_PATH:+:$PKG_CONFIG_PATH}"
  secp_static=1
else
  secp_static=0
fi

# --disable-local-rpath: no RUNPATH $ORIGIN, which would make the dynamic loader look for libc,
# libm, libstdc++ and libgcc_s in /usr/bin (and its glibc-hwcaps, tls and x86_64 folders) first,
# 22 failed lookups at every start.
#
# --no-export-dynamic: the static Swift runtime's link arguments export every symbol of the
# package's own object files (3,394 of them) into the dynamic symbol table, which nothing
# resolves against (the stripped binary prints no stack trace either way); the runtime's start-up
# dladdr (the backtracer looking for its helper) scans that table. Without it: 290 KB less binary,
# and 3 page faults and about 0.06 ms (2 to 4 %) less a start (Tools/startup-bench.py).
#
# Start-up order (both builds): each of the package's functions in a section of its own, and lld
# moving the sections that hold the functions a one-shot command runs and the variables it
# touches (Tools/startup-order.txt, written by Tools/startup-order.py) to the start of their
# output sections. A prebuilt archive without one section a function (the Swift standard library,
# glibc) moves an object file at a time, so the code is grouped, not packed. The functions lay
# scattered over 9 MB of code and the variables over 300 KB, and every first touch of another
# stretch of them is a page fault: a static `decode`, extracted from the tarball, took 139 page
# faults; 113 so.
startup_order=(-Xswiftc -Xfrontend -Xswiftc -function-sections -Xcc -ffunction-sections
  -Xswiftc -use-ld=lld -Xlinker "--symbol-ordering-file=$PWD/Tools/startup-order.txt"
  -Xlinker --no-warn-symbol-ordering)
# SwiftPM does not know the order file as an input: the binaries are linked anew each time.
rm -f .build/release/bolt11 .build/static/release/bolt11
echo "building bolt11 (release, --static-swift-stdlib --disable-local-rpath," \
  "-Xlinker --no-export-dynamic, in start-up order)" >&2
# libsecp256k1 has no version call: the release it is built against is passed in, for --version.
secp_version=$(pkg-config --modversion libsecp256k1)
if ! swift build -c release --product bolt11 --static-swift-stdlib --disable-local-rpath \
  -Xlinker --no-export-dynamic "${startup_order[@]}" \
  -Xcc "-DBOLT11_SECP256K1_VERSION=\"$secp_version\"" >"$log" 2>&1; then
  tail -n 40 "$log" >&2
  exit 1
fi
binary="$(swift build -c release --show-bin-path)/bolt11"
if readelf -d "$binary" | grep -E 'RPATH|RUNPATH'; then
  echo "package: bolt11 carries a library search path" >&2
  exit 1
fi
# Its own symbols, that is: not glibc's versioned copies (stderr@GLIBC_2.2.5) nor _IO_stdin_used.
exported=$(nm -D --defined-only "$binary" | grep -cv -e ' _IO_stdin_used$' -e ' [A-Za-z_]*@' \
  || true)
if [ "$exported" -gt 0 ]; then
  echo "package: bolt11 exports $exported symbols of its own (no --no-export-dynamic?)" >&2
  exit 1
fi

libraries=$(ldd "$binary")
if grep -i swift <<<"$libraries"; then
  echo "package: bolt11 links a Swift library dynamically" >&2
  exit 1
fi
if [ "$secp_static" -eq 1 ] && grep secp256k1 <<<"$libraries"; then
  echo "package: libsecp256k1 is linked dynamically although its archive was used" >&2
  exit 1
fi

# Foundation (swift-corelibs-foundation), FoundationInternationalization and ICU: none of them.
if nm "$binary" | grep -m 3 -E '\$s10Foundation|FoundationInternationalization|_FoundationICU|icudt'
then
  echo "package: bolt11 links Foundation or ICU (FoundationEssentials at most)" >&2
  exit 1
fi
# The copyright file names what the binary holds: FoundationEssentials only if it is linked.
if nm "$binary" | grep -q -m 1 -E '\$s20FoundationEssentials'; then
  echo "package: bolt11 links FoundationEssentials, which Tools/debian/copyright.in does not name" >&2
  exit 1
fi

upstream=$("$binary" --version | awk 'NR == 1 { print $2 }')
# The Debian revision: the first entry of Tools/debian/changelog must be this version.
version=$(sed -n '1s/^bolt11 (\([^)]*\)).*/\1/p' Tools/debian/changelog)
if [ "${version%-*}" != "$upstream" ]; then
  echo "package: Tools/debian/changelog starts at $version, bolt11 is $upstream" >&2
  exit 1
fi
arch=$(dpkg --print-architecture)
root=$out/root
install -D -m 0755 "$binary" "$root/usr/bin/bolt11"
strip --strip-unneeded --remove-section=.comment "$root/usr/bin/bolt11"
mkdir -p "$root/usr/share/man/man1" "$root/usr/share/bash-completion/completions" \
  "$root/usr/share/zsh/vendor-completions" "$root/usr/share/fish/vendor_completions.d" \
  "$root/usr/share/doc/bolt11" "$root/DEBIAN"
"$binary" --generate-manual | gzip -9n >"$root/usr/share/man/man1/bolt11.1.gz"
"$binary" --generate-completion-script bash >"$root/usr/share/bash-completion/completions/bolt11"
"$binary" --generate-completion-script zsh >"$root/usr/share/zsh/vendor-completions/_bolt11"
"$binary" --generate-completion-script fish \
  >"$root/usr/share/fish/vendor_completions.d/bolt11.fish"
{
  cat Tools/debian/copyright.in
  printf '\nLicense: Expat\n'
  # LICENSE without its title and copyright line, as a DEP-5 license paragraph.
  sed -n '/^Permission/,$p' LICENSE | sed 's/^$/./; s/^/ /'
} >"$root/usr/share/doc/bolt11/copyright"
gzip -9n <Tools/debian/changelog >"$root/usr/share/doc/bolt11/changelog.Debian.gz"
chmod 0644 "$root"/usr/share/man/man1/* "$root"/usr/share/*/*completions*/* \
  "$root"/usr/share/doc/bolt11/*

# The maintainer is the changelog's; Depends are what dpkg-shlibdeps finds the binary needs, with
# the versions of the symbols it uses (GLIBC_2.x, GLIBCXX_3.4.x), so that it does not install
# where it cannot run. dpkg-shlibdeps reads a debian/control, which a binary-only build lacks.
maintainer=$(sed -n 's/^ -- \(.*>\)  .*/\1/p' Tools/debian/changelog | head -n 1)
mkdir -p "$out/shlibdeps/debian"
printf 'Source: bolt11\n\nPackage: bolt11\nArchitecture: any\n' >"$out/shlibdeps/debian/control"
depends=$(cd "$out/shlibdeps" && dpkg-shlibdeps -O "$OLDPWD/$root/usr/bin/bolt11" |
  sed -n 's/^shlibs:Depends=//p')
[ -n "$depends" ] || { echo "package: dpkg-shlibdeps found no dependencies" >&2; exit 1; }
(cd "$root" && find usr -type f -exec md5sum {} + | sort -k 2) >"$root/DEBIAN/md5sums"
cat >"$root/DEBIAN/control" <<CONTROL
Package: bolt11
Version: $version
Architecture: $arch
Maintainer: $maintainer
Installed-Size: $(du -sk --exclude=DEBIAN "$root" | cut -f1)
Depends: $depends
Section: utils
Priority: optional
Description: read, check and write Lightning BOLT #11 invoices
 bolt11 decodes a Lightning payment request, checks every reader rule of
 BOLT #11 and its signature, explains each part of it, says what a pasted
 payment string is, checks an invoice before paying or for offline
 receiving, and signs invoices.
 .
 One executable, with the Swift runtime and libsecp256k1 linked statically
 (it needs only the C and C++ runtime libraries), a manual page, and bash,
 zsh and fish completions.
CONTROL

deb=$out/bolt11_${version}_${arch}.deb
dpkg-deb --root-owner-group -Zxz --build "$root" "$deb" >&2
echo "package: stripped bolt11 $(stat -c %s "$root/usr/bin/bolt11") bytes," \
  ".deb $(stat -c %s "$deb") bytes" >&2

# The static executable, built apart (.build/static) so that the two builds' flags never mix.
# The Swift runtime's optional look-up of a prespecialisation library uses dlopen, which the
# linker warns about; in a static executable that look-up finds nothing and the runtime goes on.
echo "building bolt11 (release, -static-executable, in start-up order)" >&2
if ! swift build -c release --product bolt11 --scratch-path .build/static \
  -Xswiftc -static-executable -Xlinker --no-export-dynamic "${startup_order[@]}" \
  -Xcc "-DBOLT11_SECP256K1_VERSION=\"$secp_version\"" >"$log" 2>&1; then
  tail -n 40 "$log" >&2
  exit 1
fi
static_binary="$(swift build -c release --scratch-path .build/static --show-bin-path)/bolt11"
if readelf -l "$static_binary" | grep -q -e INTERP -e DYNAMIC; then
  echo "package: the static bolt11 has a dynamic loader or a dynamic section" >&2
  exit 1
fi
case "$(uname -m)" in x86_64) machine=x86_64 ;; aarch64) machine=aarch64 ;; *) machine=$(uname -m) ;; esac
name=bolt11-$upstream-$machine-linux-static
rm -rf "${out:?}/$name" "$out/$name.tar.gz"
install -D -m 0755 "$static_binary" "$out/$name/bolt11"
strip --strip-unneeded --remove-section=.comment "$out/$name/bolt11"
mkdir -p "$out/$name/completions"
cp "$root/usr/share/man/man1/bolt11.1.gz" "$out/$name/"
cp "$root/usr/share/bash-completion/completions/bolt11" "$out/$name/completions/bolt11.bash"
cp "$root/usr/share/zsh/vendor-completions/_bolt11" "$out/$name/completions/_bolt11"
cp "$root/usr/share/fish/vendor_completions.d/bolt11.fish" "$out/$name/completions/"
cp LICENSE "$out/$name/"
# The static binary embeds more than the .deb's: glibc and libstdc++ too. Each licence ships
# beside it (Debian's copyright files of the packages it was linked from).
mkdir -p "$out/$name/licenses"
cp "$root/usr/share/doc/bolt11/copyright" "$out/$name/licenses/bolt11-libsecp256k1-swift-runtime"
cp /usr/share/common-licenses/Apache-2.0 "$out/$name/licenses/Apache-2.0"
cp /usr/share/doc/libc6/copyright "$out/$name/licenses/glibc"
cp /usr/share/doc/libstdc++6/copyright "$out/$name/licenses/libstdc++"
if [ "$secp_static" -eq 1 ]; then
  cp /usr/share/doc/libsecp256k1-dev/copyright "$out/$name/licenses/libsecp256k1"
fi
cat >"$out/$name/INSTALL" <<INSTALL
bolt11 $upstream, one static executable for $machine Linux: it needs no library, not even the
C library, and reads no file of its own.

Install for one user (no root):
  install -D -m 0755 bolt11 ~/.local/bin/bolt11
  install -D -m 0644 bolt11.1.gz ~/.local/share/man/man1/bolt11.1.gz
  install -D -m 0644 completions/bolt11.bash ~/.local/share/bash-completion/completions/bolt11
  install -D -m 0644 completions/_bolt11 ~/.local/share/zsh/site-functions/_bolt11
  install -D -m 0644 completions/bolt11.fish ~/.config/fish/completions/bolt11.fish
(zsh reads ~/.local/share/zsh/site-functions once it is in fpath.)

Install for everyone: the same under /usr/local (bin, share/man/man1,
share/bash-completion/completions, share/zsh/site-functions, share/fish/vendor_completions.d),
as root.

Check it: bolt11 --version; man bolt11.

Licences: LICENSE (bolt11, Expat) and licenses/: the binary also holds libsecp256k1 (Expat), the
Swift runtime and Dispatch (Apache-2.0 with the Runtime Library Exception), glibc (LGPL 2.1 or
later: its source is Debian's glibc package; relink with another glibc from bolt11's source) and
libstdc++ (GPL 3 with the GCC Runtime Library Exception).
INSTALL
tar --owner=0 --group=0 --numeric-owner --sort=name -C "$out" -czf "$out/$name.tar.gz" "$name"
echo "package: static bolt11 $(stat -c %s "$out/$name/bolt11") bytes stripped," \
  "$out/$name.tar.gz $(stat -c %s "$out/$name.tar.gz") bytes" >&2
echo "$deb"
