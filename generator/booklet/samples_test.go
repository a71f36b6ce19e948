package booklet_test

import (
	"testing"

	"github.com/sortie-wargames/sortie/engine"
	"github.com/sortie-wargames/sortie/generator/booklet"
)

func TestSamples(t *testing.T) {
	opt := booklet.Options{Paper: "a4", Created: created, Version: "0.1.0"}
	save(t, "pack-a4.pdf", write(t, packDoc(t, "marsh", engine.Options{Enemies: "creatures"}), opt))
	save(t, "campaign-a4.pdf", write(t, campaignDoc(t, "summer"), opt))
	opt.Paper = "letter"
	save(t, "pack-letter.pdf", write(t, packDoc(t, "marsh", engine.Options{}), opt))
}
