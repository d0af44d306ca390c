# bytebench - GNU make only.  `make` builds every program into pgms/,
# `make test` runs the whole test suite.  See README and HACKING.md.

# BSD make reads the file named here and stops with its message; GNU make
# expands the name to one that does not exist and reads nothing.
-include src/tools/needs-gnu-make$(if 1,.none,).mk
ifeq (,$(filter second-expansion,$(.FEATURES)))
$(error bytebench needs GNU make 3.81 or later (gmake on the BSDs))
endif

CC ?= cc
# AR: the archiver for the target (`zig ar` with zig cc: GNU ar's archive
# does not link for macOS).  HOSTCC: the compiler of the tools run during the
# build (mktext), which in a cross build must make programs for this
# machine: `make CC=aarch64-linux-gnu-gcc AR=aarch64-linux-gnu-ar HOSTCC=cc`.
AR ?= ar
HOSTCC ?= $(CC)
SHELL = /bin/sh
BUILD ?= build
PGMS ?= pgms
VERSION = 0.1.0

# Optimisation of the test programs: UnixBench 6.0's Linux default, with
# -march/-mtune=native only where the compiler accepts them.
# `make OPT="..."` overrides; `make reference` uses portable flags.
ifeq ($(origin OPT),undefined)
OPT := -O3 -ffast-math $(shell sh src/probe-native.sh '$(CC)')
BUILD_KIND ?= default
else
BUILD_KIND ?= custom
endif
# The runner and the shared library are not workloads: plain -O2.
HOSTOPT ?= -O2

WARN = -Wall -Wextra -Wpedantic -Wshadow -Wstrict-prototypes \
	-Wmissing-prototypes -Wold-style-definition -Wwrite-strings \
	-Wformat=2 -Wcast-qual -Wundef -Wvla
ifeq ($(WERROR),1)
WARN += -Werror
endif
# POSIX.1-2008 with its XSI part (setitimer, getrlimit, nice): nothing
# else on Linux, so a build here shows the code keeps to POSIX.  Each
# system's own switch for what its headers show beyond POSIX is set here,
# for the system the compiler builds for (src/probe-system.sh, so cross
# compilers work): macOS hides O_NOFOLLOW, O_DIRECTORY and mkdtemp without
# _DARWIN_C_SOURCE; FreeBSD and DragonFly show everything (sysctl, statfs)
# only when no POSIX level is asked for; NetBSD and OpenBSD have
# _NETBSD_SOURCE and _BSD_SOURCE.  doc/portability.md has the table.
SYSTEM := $(word 1,$(shell sh src/probe-system.sh '$(CC)'))
STD_POSIX = -D_POSIX_C_SOURCE=200809L -D_XOPEN_SOURCE=700
STD_darwin = $(STD_POSIX) -D_DARWIN_C_SOURCE
STD_freebsd =
STD_dragonfly =
STD_netbsd = $(STD_POSIX) -D_NETBSD_SOURCE
STD_openbsd = $(STD_POSIX) -D_BSD_SOURCE
STD = -std=c11 $(if $(filter undefined,$(origin STD_$(SYSTEM))),$(STD_POSIX),$(STD_$(SYSTEM)))
CPPFLAGS_ALL = $(STD) -Isrc/lib $(CPPFLAGS)
# The runner's layers are folders of src/runner; its files include each
# other by folder ("score/stats.h").  HACKING.md draws the layers.
LDLIBS_ALL = $(LDLIBS) -lm -lpthread
# A benchmark program links only what it uses, as UnixBench's do: a library
# it does not use is still loaded by every exec where the linker keeps it
# (no --as-needed, clang's default), which slows execl's chain
# (tests/t-build-link.sh).
PROG_LIBS_whetstone-double = -lm
PROG_LIBS_ctxlat = -lpthread
PROG_LDLIBS = $(LDLIBS) $(PROG_LIBS_$(@F))

LIB_SRC = $(wildcard src/lib/*.c)
LIB_OBJ = $(LIB_SRC:src/lib/%.c=$(BUILD)/lib/%.o)
LIBA = $(BUILD)/libbench.a

RUNNER_SRC = $(wildcard src/runner/*.c src/runner/*/*.c)
RUNNER_OBJ = $(RUNNER_SRC:src/runner/%.c=$(BUILD)/runner/%.o)
RUNNER_LIBOBJ = $(filter-out $(BUILD)/runner/main.o,$(RUNNER_OBJ))

# One file per program; a folder src/programs/NAME/ is one program of
# several files.  arith.c and dhry/ build several programs (below).
ARITH_TYPES = arithoh short int long float double
PROG_SRC = $(filter-out src/programs/arith.c,$(wildcard src/programs/*.c))
PROG_DIRS = $(sort $(filter-out dhry,$(notdir $(patsubst %/,%,$(dir $(wildcard src/programs/*/*.c))))))
PROGS = $(PROG_SRC:src/programs/%.c=$(PGMS)/%) \
	$(addprefix $(PGMS)/,$(sort $(PROG_DIRS))) \
	$(if $(wildcard src/programs/arith.c),$(addprefix $(PGMS)/,$(ARITH_TYPES))) \
	$(if $(wildcard src/programs/dhry/*.c),$(PGMS)/dhry2reg $(PGMS)/dhry2)

UNIT_SRC = $(wildcard tests/unit/test_*.c)
UNIT_BIN = $(UNIT_SRC:tests/unit/%.c=$(BUILD)/tests/%)
# The unit tests' shared parts (fixtures): every other tests/unit/*.c.
UNIT_LIBOBJ = $(patsubst tests/unit/%.c,$(BUILD)/tests/obj/%.o,$(filter-out $(UNIT_SRC),$(wildcard tests/unit/*.c)))
FAKE = $(BUILD)/tests/fake

# Every built file is written under a temporary name and renamed into
# place, so two builds at once (two ./Run on an unbuilt checkout) never
# execute, link or read a half-written file.
# A recipe stopped by a signal (make passes SIGTERM on to it) removes
# its temporary files once its compiler has ended (ON_STOP, first).
TMP = $@.tmp.$$$$
ON_STOP = trap 'rm -f $(TMP) $(TMP).d; exit 143' HUP INT TERM;
SETTLE = && mv -f $(TMP) $@
# The headers a C file includes, found by the compiler as it builds the
# object (-MMD) and read by the next make: a header's change rebuilds the
# objects that include it, and only those.
DEPS = -MMD -MP -MT $@ -MF $(TMP).d
SETTLE_DEPS = && mv -f $(TMP).d $(basename $@).d $(SETTLE)

FLAGS_STAMP = $(BUILD)/flags.txt
FLAGS_TEXT = $(CC)|$(AR)|$(HOSTCC)|$(OPT)|$(HOSTOPT)|$(WARN)|$(CPPFLAGS)|$(CFLAGS)|$(LDFLAGS)|$(BUILD_KIND)

.PHONY: all programs test check-build sanitize clean format format-check \
	reference install uninstall dist FORCE
.SUFFIXES:

# Workload scripts are tracked in pgms/; another PGMS gets copies.
SCRIPTS = $(if $(filter pgms,$(PGMS)),,$(patsubst pgms/%,$(PGMS)/%,$(wildcard pgms/*.sh)))

# The grep test's input, generated: src/tools/mktext.c writes the same
# bytes everywhere; regenerated only when that source changes.
MKTEXT = $(BUILD)/tools/mktext
TESTDATA = testdir/large.txt

# The test programs last: a serial build ends with a workload's command
# line, whose flags a compiler wrapper (PTS's) records as the build's.
all: $(PGMS)/bytebench $(PGMS)/build.info $(TESTDATA) $(SCRIPTS) $(PROGS)

$(MKTEXT): src/tools/mktext.c $(FLAGS_STAMP)
	@mkdir -p $(@D)
	$(ON_STOP) $(HOSTCC) -std=c11 $(STD_POSIX) $(HOSTOPT) $(WARN) -o $(TMP) $< $(SETTLE)

testdir/large.txt: src/tools/mktext.c | $(MKTEXT)
	$(ON_STOP) $(MKTEXT) > $(TMP) $(SETTLE)

$(PGMS)/%.sh: pgms/%.sh
	@mkdir -p $(@D)
	$(ON_STOP) cp $< $(TMP) $(SETTLE)

programs: $(PROGS)

# Objects are rebuilt when the compiler or any flag changes.
$(FLAGS_STAMP): FORCE
	@mkdir -p $(BUILD)
	@if [ "$$(cat $@ 2>/dev/null)" != '$(FLAGS_TEXT)' ]; then \
		$(ON_STOP) printf '%s\n' '$(FLAGS_TEXT)' > $(TMP) $(SETTLE); fi

# What the runner reports about the build.
$(PGMS)/build.info: $(FLAGS_STAMP)
	@mkdir -p $(PGMS)
	@$(ON_STOP) { printf 'version=%s\n' '$(VERSION)'; \
	   printf 'cc=%s\n' '$(CC)'; \
	   printf 'cc_version=%s\n' "$$($(CC) --version 2>/dev/null | head -n 1)"; \
	   printf 'opt=%s\n' '$(OPT)'; \
	   printf 'cflags=%s\n' '$(strip $(CPPFLAGS) $(CFLAGS))'; \
	   printf 'ldflags=%s\n' '$(LDFLAGS)'; \
	   printf 'kind=%s\n' '$(BUILD_KIND)'; } > $(TMP) $(SETTLE)

$(BUILD)/lib/%.o: src/lib/%.c $(FLAGS_STAMP)
	@mkdir -p $(@D)
	$(ON_STOP) $(CC) $(CPPFLAGS_ALL) $(HOSTOPT) $(WARN) $(CFLAGS) $(DEPS) -c -o $(TMP) $< $(SETTLE_DEPS)

$(LIBA): $(LIB_OBJ)
	$(ON_STOP) $(AR) rcs $(TMP) $(LIB_OBJ) $(SETTLE)

$(BUILD)/runner/%.o: src/runner/%.c $(FLAGS_STAMP)
	@mkdir -p $(@D)
	$(ON_STOP) $(CC) $(CPPFLAGS_ALL) -Isrc/runner -DBYTEBENCH_VERSION='"$(VERSION)"' $(HOSTOPT) $(WARN) $(CFLAGS) $(DEPS) -c -o $(TMP) $< $(SETTLE_DEPS)

$(PGMS)/bytebench: $(RUNNER_OBJ) $(LIBA)
	@mkdir -p $(@D)
	$(ON_STOP) $(CC) $(LDFLAGS) -o $(TMP) $(RUNNER_OBJ) $(LIBA) $(LDLIBS_ALL) $(SETTLE)

PROG_CFLAGS = $(CPPFLAGS_ALL) $(OPT) $(WARN) $(CFLAGS)

$(PGMS)/%: src/programs/%.c src/lib/*.h $(LIBA) $(FLAGS_STAMP)
	@mkdir -p $(@D)
	$(ON_STOP) $(CC) $(PROG_CFLAGS) $(LDFLAGS) -o $(TMP) $< $(LIBA) $(PROG_LDLIBS) $(SETTLE)

.SECONDEXPANSION:
$(addprefix $(PGMS)/,$(PROG_DIRS)): $(PGMS)/%: $$(wildcard src/programs/%/*.c) $$(wildcard src/programs/%/*.h) $(LIBA) $(FLAGS_STAMP)
	@mkdir -p $(@D)
	$(ON_STOP) $(CC) $(PROG_CFLAGS) $(LDFLAGS) -o $(TMP) $(wildcard src/programs/$*/*.c) $(LIBA) $(PROG_LDLIBS) $(SETTLE)

# Dhrystone 2.1: two translation units, with and without register locals.
DHRY_SRC = src/programs/dhry/dhry_1.c src/programs/dhry/dhry_2.c
$(PGMS)/dhry2reg: $(DHRY_SRC) src/programs/dhry/dhry.h $(LIBA) $(FLAGS_STAMP)
	@mkdir -p $(@D)
	$(ON_STOP) $(CC) $(PROG_CFLAGS) -DREG=register $(LDFLAGS) -o $(TMP) $(DHRY_SRC) $(LIBA) $(PROG_LDLIBS) $(SETTLE)
$(PGMS)/dhry2: $(DHRY_SRC) src/programs/dhry/dhry.h $(LIBA) $(FLAGS_STAMP)
	@mkdir -p $(@D)
	$(ON_STOP) $(CC) $(PROG_CFLAGS) -DREG= $(LDFLAGS) -o $(TMP) $(DHRY_SRC) $(LIBA) $(PROG_LDLIBS) $(SETTLE)

# The arithmetic tests: one source, one program per data type.
$(addprefix $(PGMS)/,$(ARITH_TYPES)): $(PGMS)/%: src/programs/arith.c src/lib/*.h $(LIBA) $(FLAGS_STAMP)
	@mkdir -p $(@D)
	$(ON_STOP) $(CC) $(PROG_CFLAGS) -DARITH_TYPE=$* $(LDFLAGS) -o $(TMP) $< $(LIBA) $(PROG_LDLIBS) $(SETTLE)

# Tests: unit tests link the runner's modules (all but main.o) and the
# tests' shared parts.
UNIT_CFLAGS = $(CPPFLAGS_ALL) -Isrc/runner -Itests/unit $(HOSTOPT) $(WARN) $(CFLAGS)
$(BUILD)/tests/obj/%.o: tests/unit/%.c $(FLAGS_STAMP)
	@mkdir -p $(@D)
	$(ON_STOP) $(CC) $(UNIT_CFLAGS) $(DEPS) -c -o $(TMP) $< $(SETTLE_DEPS)

$(BUILD)/tests/%: tests/unit/%.c $(UNIT_LIBOBJ) $(RUNNER_LIBOBJ) $(LIBA)
	@mkdir -p $(@D)
	$(ON_STOP) $(CC) $(UNIT_CFLAGS) $(DEPS) $(LDFLAGS) -o $(TMP) $< $(UNIT_LIBOBJ) $(RUNNER_LIBOBJ) $(LIBA) $(LDLIBS_ALL) $(SETTLE_DEPS)

$(FAKE): tests/fake.c src/lib/*.h $(LIBA)
	@mkdir -p $(@D)
	$(ON_STOP) $(CC) $(CPPFLAGS_ALL) $(HOSTOPT) $(WARN) $(CFLAGS) $(LDFLAGS) -o $(TMP) $< $(LIBA) $(LDLIBS_ALL) $(SETTLE)

# The headers each object included when it was last built (not the list
# a failed link left under its temporary name).
DEPFILES = $(wildcard $(BUILD)/lib/*.d $(BUILD)/runner/*.d $(BUILD)/runner/*/*.d $(BUILD)/tests/*.d $(BUILD)/tests/obj/*.d)
-include $(foreach f,$(DEPFILES),$(if $(findstring .tmp.,$f),,$f))

check-build: all $(UNIT_LIBOBJ) $(UNIT_BIN) $(if $(wildcard tests/fake.c),$(FAKE))

test: check-build
	@BUILD='$(BUILD)' PGMS='$(PGMS)' CC='$(CC)' sh tests/run.sh

sanitize:
	$(MAKE) BUILD=build-san PGMS=build-san/pgms OPT='-O1 -g' HOSTOPT='-O1 -g' \
		BUILD_KIND=sanitize CFLAGS='-fsanitize=address,undefined -fno-sanitize-recover=undefined -fno-omit-frame-pointer' \
		LDFLAGS='-fsanitize=address,undefined' test

format:
	clang-format -i $$(git ls-files '*.c' '*.h')

format-check:
	@clang-format --dry-run --Werror $$(git ls-files '*.c' '*.h')

clean:
	rm -rf $(BUILD) build-san build-lto $(PGMS)/build.info
	rm -f $(TESTDATA)
	find $(PGMS) -type f ! -name '*.sh' -exec rm -f {} +

# Portable flags for results comparable across machines: no -march=native,
# no -ffast-math.  The report says "reference".
reference:
	$(MAKE) OPT='-O2' BUILD_KIND=reference all

# The release tarball of the committed tree, reproducible, and the PTS
# profiles of contrib/pts naming it: `make dist [DIST_URL=...]` prints its
# SHA-256 and size (src/tools/dist.sh).
DISTDIR ?= $(BUILD)/dist
dist:
	@sh src/tools/dist.sh '$(VERSION)' '$(DISTDIR)' '$(DIST_URL)'

# Installation: `make install PREFIX=/usr/local DESTDIR=...`.  The command
# `bytebench` is a small sh wrapper around the runner in libexec.
PREFIX ?= /usr/local
# make splits names at blanks, and the recipes below hand the paths to the
# shell and to sed as they are: a DESTDIR or PREFIX with anything but
# letters, digits and / . _ - + , : @ % = is refused, as is a relative
# PREFIX, in one line before anything is built, written or removed.
ifneq ($(filter install uninstall,$(MAKECMDGOALS)),)
I_SAFE = a b c d e f g h i j k l m n o p q r s t u v w x y z \
	A B C D E F G H I J K L M N O P Q R S T U V W X Y Z \
	0 1 2 3 4 5 6 7 8 9 / . _ - + , : @ % =
i_strip = $(if $1,$(call i_strip,$(wordlist 2,99,$1),$(subst $(firstword $1),,$2)),$2)
ifneq ($(words x$(DESTDIR)$(PREFIX)x)$(call i_strip,$(I_SAFE),$(DESTDIR)$(PREFIX))$(filter-out /%,$(PREFIX)),1)
$(error PREFIX and DESTDIR may hold only letters, digits and / . _ - + , : @ % =, and PREFIX must begin with /)
endif
endif
I_BIN = $(PREFIX)/bin
I_LIBEXEC = $(PREFIX)/libexec/bytebench
I_DATA = $(PREFIX)/share/bytebench
I_MAN = $(PREFIX)/share/man/man1
I_PROGRAMS = $(notdir $(PROGS)) bytebench build.info $(notdir $(wildcard pgms/*.sh))
I_TESTDATA = $(notdir $(sort $(wildcard testdir/*) $(TESTDATA)))
# The documents the man page refers to, installed beside each other.
I_DOC = $(PREFIX)/share/doc/bytebench
I_DOCS = README USAGE $(notdir $(wildcard doc/*.md))
I_FILES = $(I_BIN)/bytebench $(I_MAN)/bytebench.1 \
	$(addprefix $(I_LIBEXEC)/,$(I_PROGRAMS)) \
	$(addprefix $(I_DATA)/testdir/,$(I_TESTDATA)) \
	$(addprefix $(I_DOC)/,$(I_DOCS))

# The man page is written by hand (doc/bytebench.1); install fills in the
# version and this PREFIX's documents' directory (doc/ in the tree).
install: all
	mkdir -p $(DESTDIR)$(I_BIN) $(DESTDIR)$(I_LIBEXEC) \
		$(DESTDIR)$(I_DATA)/testdir $(DESTDIR)$(I_MAN) $(DESTDIR)$(I_DOC)
	cp README USAGE $(wildcard doc/*.md) $(DESTDIR)$(I_DOC)/
	for f in $(I_PROGRAMS); do \
		cp -p $(PGMS)/$$f $(DESTDIR)$(I_LIBEXEC)/$$f || exit 1; done
	for f in $(I_TESTDATA); do \
		cp -p testdir/$$f $(DESTDIR)$(I_DATA)/testdir/$$f || exit 1; done
	sed -e 's|@LIBEXEC@|$(I_LIBEXEC)|g' -e 's|@DATA@|$(I_DATA)|g' \
		src/tools/bytebench.in > $(DESTDIR)$(I_BIN)/bytebench
	chmod 755 $(DESTDIR)$(I_BIN)/bytebench
	sed -e '/^\.TH/s|"bytebench"|"bytebench $(VERSION)"|' \
		-e 's|^\.I doc/$$|.I $(I_DOC)|' -e 's|^\.IR doc/ \.$$|.IR $(I_DOC) .|' \
		-e 's| (beside doc/ in the source tree)||' \
		doc/bytebench.1 > $(DESTDIR)$(I_MAN)/bytebench.1

# Removes exactly the files install wrote, then its directories if empty.
uninstall:
	rm -f $(addprefix $(DESTDIR),$(I_FILES))
	-rmdir $(DESTDIR)$(I_DOC) $(DESTDIR)$(PREFIX)/share/doc \
		$(DESTDIR)$(I_DATA)/testdir $(DESTDIR)$(I_DATA) \
		$(DESTDIR)$(I_LIBEXEC) 2>/dev/null
