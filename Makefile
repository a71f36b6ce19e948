# Sortie. On a fresh machine: `make site`, then `make test`.
GO      ?= go
BIN     ?= bin/sortie
OUT     ?= public
FUZZTIME ?= 30000x

.PHONY: all build site test fuzz bench install vet clean golden

all: build

build:
	$(GO) build -o $(BIN) ./cmd/sortie

# Builds the embedded default site into $(OUT)/. Until the site generator
# lands (issue 3) this writes what exists: the rule tables and a sample
# encounter and campaign as Markdown and JSON, from fixed seeds.
site: build
	rm -rf $(OUT).tmp && mkdir -p $(OUT).tmp
	$(BIN) tables 2d6-sword-and-sorcery > $(OUT).tmp/2d6-sword-and-sorcery-tables.md
	$(BIN) tables 2d6-sword-and-sorcery --format json > $(OUT).tmp/2d6-sword-and-sorcery-tables.json
	for t in explore raid defend; do \
	  $(BIN) encounter --system 2d6-sword-and-sorcery --type $$t --seed sortie-default-$$t > $(OUT).tmp/2d6-sword-and-sorcery-$$t.md || exit 1; \
	  $(BIN) encounter --system 2d6-sword-and-sorcery --type $$t --seed sortie-default-$$t --format json > $(OUT).tmp/2d6-sword-and-sorcery-$$t.json || exit 1; \
	done
	$(BIN) campaign --system 2d6-sword-and-sorcery --encounters 12 --seed sortie-default-campaign > $(OUT).tmp/2d6-sword-and-sorcery-campaign.md
	$(BIN) campaign --system 2d6-sword-and-sorcery --encounters 12 --seed sortie-default-campaign --format json > $(OUT).tmp/2d6-sword-and-sorcery-campaign.json
	rm -rf $(OUT).old && { [ ! -e $(OUT) ] || mv $(OUT) $(OUT).old; } && mv $(OUT).tmp $(OUT) && rm -rf $(OUT).old
	@echo "sortie: built $(OUT)/"

# Every test, then a short run of each fuzz target.
test: vet
	$(GO) test ./...
	$(MAKE) fuzz FUZZTIME=$(FUZZTIME)

vet:
	$(GO) vet ./...

fuzz:
	$(GO) test -run='^$$' -fuzz='^FuzzParse$$' -fuzztime=$(FUZZTIME) ./engine/dice/
	$(GO) test -run='^$$' -fuzz='^FuzzParse$$' -fuzztime=$(FUZZTIME) ./engine/rules/

# Regenerate golden files after a deliberate change; review the diff.
golden:
	$(GO) test ./... -run Golden -update

bench:
	$(GO) test -run='^$$' -bench=. -benchmem ./engine/...

install:
	$(GO) install ./cmd/sortie

clean:
	rm -rf bin $(OUT) $(OUT).tmp $(OUT).old
