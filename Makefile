# Sortie. On a fresh machine: `make site`, then `make test`.
GO      ?= go
BIN     ?= bin/sortie
OUT     ?= public
FUZZTIME ?= 30000x

.PHONY: all build wasm site test gotest fuzz bench install vet clean golden reproducible

all: build

# sortie, and beside it the Roll page's engine: cmd/sortie-wasm built for
# the browser, and the wasm_exec.js of the same Go that loads it. "sortie
# build" takes them from beside itself (or --wasm FILE); without them a
# site has no Roll page. -trimpath and the stripped symbol tables (-s -w)
# make the same bytes on every machine, and a smaller download.
WASM ?= $(dir $(BIN))sortie.wasm

build: wasm
	$(GO) build -o $(BIN) ./cmd/sortie

wasm:
	@mkdir -p $(dir $(WASM))
	GOOS=js GOARCH=wasm $(GO) build -trimpath -ldflags="-s -w" -o $(WASM) ./cmd/sortie-wasm
	cp "$$($(GO) env GOROOT)/lib/wasm/wasm_exec.js" $(dir $(WASM))wasm_exec.js

# Builds the embedded default site (HTML pages and PDF booklets) into
# $(OUT)/. The build is swapped in whole, so a failed build leaves the
# previous $(OUT)/ as it was.
site: build
	$(BIN) build --out $(OUT)

# Every test, a short run of each fuzz target and make reproducible,
# after go vet. The battery's process tests (cmd/sortie: kills,
# environments) build sites some 80 times, most of them small, so a
# package may take longer than go test's default 10 minutes on a busy
# machine. go test's -json stream goes through cmd/testlog, which prints
# each package's line, the whole output of a failing test, a line for
# each package of a second or more naming its five slowest tests and its
# CPU time, the CPU time of all the test binaries, and a count (go test
# runs each test binary under testlog -exec, which counts the CPU time it
# and the processes it ran used: the work a package does, whatever the
# machine's load does to its time on the clock); the run ends with one line naming the checks skipped for a
# missing tool and how to install it (plain go test shows skips only
# with -v). A failing test still fails make. "make gotest" runs the
# tests alone, and TESTPKGS and GOTESTFLAGS narrow them:
# make gotest TESTPKGS=./engine/dice GOTESTFLAGS=-run=TestParse
#
# go test runs as many packages at once as there are cores (-p) and
# starts them in the order named, so the longest packages (their
# "slowest:" lines in the summary) are named first, and ./... adds the
# others once each: in path order generator, the longest, began only
# after cmd/sortie-wasm and every engine package (108 s in, of 936).
TESTPKGS ?= ./generator ./cmd/sortie ./generator/booklet ./generator/web ./cmd/sortie-wasm ./generator/skeleton ./...
GOTESTFLAGS ?=

# The test binaries' garbage collector target (sortie itself runs at
# 200, cmd/sortie's gcPercent). Tests that hold a whole built site and
# validate every PDF of it collect over and over at Go's default (100):
# generator's TestDefaultSite and TestProof took 81.5 s of CPU at 100 and
# 68.2 s at 400, one test binary run after the other at load 2 (its peak
# memory 383 MB and 768 MB); TestCorpus, which keeps little, 160.6 s and
# 159.1 s. It changes no output and no assertion. Only go test and the
# binaries it runs see it (make fuzz and make reproducible do not).
TESTGOGC ?= 400

# The short fuzz runs and make reproducible run beside the tests, not
# after them: alone, each leaves a core idle much of its time (fuzzing's
# coordinator, a build's single-threaded stretches), and so does the
# tests' tail. Their output is kept in bin/beside.log and shown after
# the tests'; either failing fails make test.
#
# It writes how long it took, vet included, with the commit and whether
# it passed, to bin/test-took, which make bench prints beside the target
# (at most 8 minutes on a fresh clone of this 2-core machine).
test:
	@mkdir -p bin; start=$$(date +%s); \
	took() { echo "$$(( $$(date +%s) - start )) $$(git rev-parse --short HEAD 2>/dev/null || echo unknown) $$1 $$(date -u +%Y-%m-%dT%H:%MZ)" > bin/test-took; }; \
	$(MAKE) vet || { took failed; exit 1; }; \
	{ { $(MAKE) fuzz FUZZTIME=$(FUZZTIME) && $(MAKE) reproducible; } > bin/beside.log 2>&1; echo $$? > bin/beside-status; } & \
	$(MAKE) gotest; g=$$?; wait; \
	echo "make fuzz and make reproducible, run beside the tests:"; cat bin/beside.log; \
	b=$$(cat bin/beside-status); cat bin/skipped.txt; \
	[ "$$b" = 0 ] || echo "make test: make fuzz or make reproducible failed (above)"; \
	ok=passed; [ "$$g" = 0 ] && [ "$$b" = 0 ] || ok=failed; \
	took $$ok; [ "$$ok" = passed ]

gotest:
	@mkdir -p bin
	$(GO) build -o bin/testlog ./cmd/testlog
	@{ GOGC=$(TESTGOGC) $(GO) test -json -timeout=30m -exec "'$(CURDIR)/bin/testlog' -exec" $(GOTESTFLAGS) $(TESTPKGS); echo $$? > bin/test-status; } | bin/testlog -skipped bin/skipped.txt; \
	r=$$?; s=$$(cat bin/test-status); [ "$$r" = 0 ] && [ "$$s" = 0 ]

# Two builds of the default site in separate processes and time zones must
# be the same bytes.
reproducible: build
	@d=$$(mktemp -d) && \
	TZ=UTC $(BIN) build --out $$d/a >/dev/null && \
	TZ=Asia/Tokyo $(BIN) build --out $$d/b >/dev/null && \
	diff -r $$d/a $$d/b && rm -rf $$d && echo "sortie: two builds are byte-identical"

vet:
	$(GO) vet ./...

# A short run of every fuzz target (make test); a long one with
# make fuzz FUZZTIME=5m. docs/reliability.md lists the targets.
fuzz:
	$(GO) test -run='^$$' -fuzz='^FuzzParse$$' -fuzztime=$(FUZZTIME) ./engine/dice/
	$(GO) test -run='^$$' -fuzz='^FuzzParse$$' -fuzztime=$(FUZZTIME) ./engine/rules/
	$(GO) test -run='^$$' -fuzz='^FuzzFrontMatter$$' -fuzztime=$(FUZZTIME) ./generator/site/
	$(GO) test -run='^$$' -fuzz='^FuzzConfig$$' -fuzztime=$(FUZZTIME) ./generator/site/
	$(GO) test -run='^$$' -fuzz='^FuzzSeriesFile$$' -fuzztime=$(FUZZTIME) ./generator/site/
	$(GO) test -run='^$$' -fuzz='^FuzzParseMonth$$' -fuzztime=$(FUZZTIME) ./engine/series/
	$(GO) test -run='^$$' -fuzz='^FuzzParse$$' -fuzztime=$(FUZZTIME) ./engine/campaign/

# Regenerate golden files after a deliberate change; review the diff.
golden:
	$(GO) test ./... -run Golden -update

# Sortie's own benchmarks, then Sortie against Hugo (HTML) and headless
# Chromium (PDF) side by side, whole builds of 100 to 10,000 encounters,
# and the edit loop: a pack's title saved until "sortie serve" serves its
# page, on the starter and default sites, beside "hugo server" (-only
# serve runs it alone), and the systems' Quick Reference Sheets beside
# Typst's compiler, which it installs from .ci/typst's package-lock.json
# (and (b)'s playwright-core from .ci/axe's) when Node is there and that
# install is missing or older than the lock;
# a missing peer is skipped and named (docs/performance.md). BASE=BIN
# (a sortie built from an earlier commit) adds the default site's CPU
# against it (g); SAME=BIN, whether the default site and the
# 1,000-encounter site print the same pages as it (i).
bench: build
	@if command -v node >/dev/null 2>&1 && command -v npm >/dev/null 2>&1 \
	  && ! [ .ci/typst/node_modules/.package-lock.json -nt .ci/typst/package-lock.json ]; then \
	  (cd .ci/typst && npm ci --no-audit --no-fund) || echo "bench: npm ci in .ci/typst failed: no Typst beside the QRS"; fi
	@if command -v node >/dev/null 2>&1 && command -v npm >/dev/null 2>&1 \
	  && ! [ .ci/axe/node_modules/.package-lock.json -nt .ci/axe/package-lock.json ]; then \
	  (cd .ci/axe && PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1 npm ci --no-audit --no-fund) || echo "bench: npm ci in .ci/axe failed: no Chromium beside the booklet (b)"; fi
	$(GO) test -run='^$$' -bench=. -benchmem ./engine/... ./generator/...
	$(GO) test -run='^TestPeers$$' -count=1 -timeout=90m -v ./generator/perf -args -peers $(if $(SAME),-same $(SAME)) $(if $(BASE),-base $(BASE)) $(BENCHFLAGS)

# Installs sortie into $(go env GOBIN), or $(go env GOPATH)/bin when GOBIN
# is unset (~/go/bin by default), with the Roll page's engine beside it,
# and says where; that folder must be on your PATH for "sortie" to run
# from anywhere.
install: wasm
	$(GO) install ./cmd/sortie
	@d=$$($(GO) env GOBIN); [ -n "$$d" ] || d=$$($(GO) env GOPATH)/bin; \
	cp $(WASM) $(dir $(WASM))wasm_exec.js "$$d/"; \
	echo "sortie: installed $$d/sortie, and beside it the Roll page's engine (sortie.wasm, wasm_exec.js)"; \
	case ":$$PATH:" in *":$$d:"*) ;; *) echo "sortie: hint: $$d is not on your PATH: add export PATH=\"$$d:\$$PATH\" to your shell's startup file";; esac

clean:
	rm -rf bin $(OUT)
