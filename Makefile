# bnbtune: build, tests, sanitizer build, fuzzing.
#
#   make            builds ./bnbtune (C11, -Wall -Wextra -Werror)
#   make deps       installs the missing Debian packages (as root)
#   make check      builds and runs every test, normally and under
#                   AddressSanitizer + UndefinedBehaviorSanitizer, and the
#                   MPI build's (three ranks); the last line says
#                   "N passed, N failed"
#   make mpi        builds build/mpi/bnbtune, for mpirun (Open MPI)
#   make fuzz       fuzzes the .ir parser with libFuzzer (FUZZ_SECONDS=600;
#                   installs clang and its libFuzzer runtime first)
#   make fuzz-kernels  the long differential run on generated kernels
#                   (bench/fuzz-kernels.sh: KERNELS=2000 LEAVES=5 SEED=1)
#   make format     formats the sources with .clang-format
#   make bench-model  times the performance model on mxm nodes

CC ?= cc
PKGS := glib-2.0 hwloc OpenCL
PKG_CFLAGS := $(shell pkg-config --cflags $(PKGS) 2>/dev/null)
PKG_LIBS := $(shell pkg-config --libs $(PKGS) 2>/dev/null) -lm

WARN := -Wall -Wextra -Werror -Wno-unused-parameter
BASE_CFLAGS := -std=c11 -D_GNU_SOURCE -DCL_TARGET_OPENCL_VERSION=120 \
	-I. $(WARN) $(PKG_CFLAGS)
OPT := -O2 -g
SAN := -O1 -g -fsanitize=address,undefined -fno-omit-frame-pointer \
	-fno-sanitize-recover=undefined

MODULES := ir choices model bnb codegen devices harness tune
LIB_SRCS := $(foreach m,$(MODULES),$(wildcard $(m)/*.c))
CLI_SRCS := $(wildcard cli/*.c)
TEST_SRCS := $(wildcard tests/test-*.c)
TEST_SUPPORT := $(wildcard tests/support/*.c)

.PHONY: all deps check check-release check-asan fuzz format clean install uninstall
# Keep object files of the test binaries between runs.
.SECONDARY:
all: bnbtune

# The MPI build (make mpi: build/mpi/bnbtune, tune/ranks.c), with Open
# MPI's flags; nothing else needs MPI.
MPI_CFLAGS := $(shell mpicc --showme:compile 2>/dev/null)
MPI_LIBS := $(shell mpicc --showme:link 2>/dev/null)

# $(1) = variant (release, asan, mpi), $(2) = flags, $(3) = more libraries
define variant
build/$(1)/%.o: %.c $$(wildcard */*.h) Makefile
	@mkdir -p $$(dir $$@)
	$$(CC) $$(BASE_CFLAGS) $(2) -c $$< -o $$@
build/$(1)/libbnbtune.a: $$(LIB_SRCS:%.c=build/$(1)/%.o)
	@rm -f $$@
	ar rcs $$@ $$^
build/$(1)/bnbtune: $$(CLI_SRCS:%.c=build/$(1)/%.o) build/$(1)/libbnbtune.a
	$$(CC) $(2) -o $$@ $$^ $$(PKG_LIBS) $(3)
build/$(1)/tests/test-%: build/$(1)/tests/test-%.o \
		$$(TEST_SUPPORT:%.c=build/$(1)/%.o) build/$(1)/libbnbtune.a
	$$(CC) $(2) -o $$@ $$^ $$(PKG_LIBS)
check-$(1): build/$(1)/bnbtune $$(TEST_SRCS:tests/%.c=build/$(1)/tests/%)
	@BNBTUNE=build/$(1)/bnbtune tests/run-tests.sh $(1) \
		$$(TEST_SRCS:tests/%.c=build/$(1)/tests/%)
endef
$(eval $(call variant,release,$(OPT)))
$(eval $(call variant,asan,$(SAN)))
$(eval $(call variant,mpi,$(OPT) -DBNB_WITH_MPI $(MPI_CFLAGS),$(MPI_LIBS)))

.PHONY: mpi check-mpi-ranks
mpi: build/mpi/bnbtune
# The MPI tests (tests/test-mpi.sh: mpirun -np 3 on this machine, PoCL).
check-mpi-ranks: build/mpi/bnbtune build/release/bnbtune
	@BNBTUNE=build/mpi/bnbtune tests/run-tests.sh mpi tests/test-mpi.sh

bnbtune: build/release/bnbtune
	cp $< $@.tmp && mv -f $@.tmp $@

# The model's speed: median time to bound an mxm node (bench/bench-model.c).
.PHONY: bench-model
bench-model: build/release/bench/bench-model
	build/release/bench/bench-model
build/release/bench/bench-model: build/release/bench/bench-model.o \
		build/release/libbnbtune.a
	$(CC) $(OPT) -o $@ $^ $(PKG_LIBS)
# Branch and bound against an emulated GPU harness (bench/pipeline-sim.c).
build/release/bench/pipeline-sim: build/release/bench/pipeline-sim.o \
		build/release/libbnbtune.a
	$(CC) $(OPT) -o $@ $^ $(PKG_LIBS)

# Many leaves' bounds in one process, for bench/model-ratios.py.
build/release/bench/journal-bounds: build/release/bench/journal-bounds.o \
		build/release/libbnbtune.a
	$(CC) $(OPT) -o $@ $^ $(PKG_LIBS)

# TFLOP/s against N from bench/mxm-vs-clblast.sh's table, with the
# reports' SVG writer (bench/tflops-plot.c).
build/release/bench/tflops-plot: build/release/bench/tflops-plot.o \
		build/release/libbnbtune.a
	$(CC) $(OPT) -o $@ $^ $(PKG_LIBS)

# CLBlast's SGEMM and the naive kernel timed (bench/clblast-sgemm.c, for
# bench/mxm-vs-clblast.sh; needs Debian's libclblast-dev).
build/release/bench/clblast-sgemm: build/release/bench/clblast-sgemm.o \
		build/release/libbnbtune.a
	$(CC) $(OPT) -o $@ $^ $(PKG_LIBS) -lclblast

# Measured time against the model's bound (Figure 3) from
# bench/model-ratios.py's tables (bench/bound-plot.c).
build/release/bench/bound-plot: build/release/bench/bound-plot.o \
		build/release/libbnbtune.a
	$(CC) $(OPT) -o $@ $^ $(PKG_LIBS)

# What the OpenCL driver makes of a source: its program binary, PTX on
# NVIDIA's (bench/cl-binary.c).
build/release/bench/cl-binary: build/release/bench/cl-binary.o
	$(CC) $(OPT) -o $@ $^ $(PKG_LIBS)

# What a process pays to open an OpenCL device, and whether the driver
# serializes it across processes (bench/cl-startup.c, cl-startup.sh).
build/release/bench/cl-startup: build/release/bench/cl-startup.o
	$(CC) $(OPT) -o $@ $^ $(PKG_LIBS)

# How a driver's builds scale across processes (bench/cl-builds.c,
# cl-builds.sh).
build/release/bench/cl-builds: build/release/bench/cl-builds.o
	$(CC) $(OPT) -o $@ $^ $(PKG_LIBS)

deps:
	tools/deps.sh

# The man page, from the program's --help (tools/man.sh, help2man).
build/release/bnbtune.1: build/release/bnbtune tools/man.sh
	tools/man.sh build/release/bnbtune $@

# The program and its data: PREFIX/bin/bnbtune finds the device tables in
# PREFIX/share/bnbtune/devices (devices/table.c); the shipped kernels go
# to PREFIX/share/bnbtune/kernels, the man page to PREFIX/share/man/man1.
PREFIX ?= /usr/local
install: build/release/bnbtune build/release/bnbtune.1
	install -D -m 755 build/release/bnbtune $(DESTDIR)$(PREFIX)/bin/bnbtune
	install -D -m 644 build/release/bnbtune.1 \
		$(DESTDIR)$(PREFIX)/share/man/man1/bnbtune.1
	install -d $(DESTDIR)$(PREFIX)/share/bnbtune/devices \
		$(DESTDIR)$(PREFIX)/share/bnbtune/kernels
	install -m 644 data/devices/*.ini $(DESTDIR)$(PREFIX)/share/bnbtune/devices
	install -m 644 data/kernels/*.ir $(DESTDIR)$(PREFIX)/share/bnbtune/kernels
uninstall:
	rm -f $(DESTDIR)$(PREFIX)/bin/bnbtune \
		$(DESTDIR)$(PREFIX)/share/man/man1/bnbtune.1
	rm -rf $(DESTDIR)$(PREFIX)/share/bnbtune
	for d in share/man/man1 share/man share bin; do \
		rmdir $(DESTDIR)$(PREFIX)/$$d 2>/dev/null || true; \
	done; rmdir $(DESTDIR)$(PREFIX) 2>/dev/null || true

# The two variants run side by side (each test program is mostly one
# thread: one after the other, make check kept one of two cores busy);
# the release half prints as it goes, the asan half's output follows it.
check:
	@mkdir -p build; rm -f build/check-counts build/check-failures; status=0; \
	$(MAKE) --no-print-directory check-asan > build/check-asan.log 2>&1 & \
	asan=$$!; \
	$(MAKE) --no-print-directory check-release || status=1; \
	$(MAKE) --no-print-directory check-mpi-ranks || status=1; \
	echo "# release done; waiting for the asan half (build/check-asan.log)"; \
	wait $$asan || status=1; \
	cat build/check-asan.log; \
	tools/summarize-tests.sh build/check-counts $$status build/check-failures

FUZZ_SECONDS ?= 600
fuzz:
	tools/deps.sh --fuzz
	tools/fuzz.sh $(FUZZ_SECONDS)

.PHONY: fuzz-kernels
fuzz-kernels:
	bench/fuzz-kernels.sh

FORMAT_SRCS := $(wildcard */*.c */*.h tests/support/*.c tests/support/*.h)
format:
	tools/deps.sh --format
	clang-format -i $(FORMAT_SRCS)

clean:
	rm -rf build bnbtune fuzz/fuzz-parse
