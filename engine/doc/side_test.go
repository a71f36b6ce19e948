package doc_test

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/sortie-wargames/sortie/engine/doc"
)

// TestCardsSideJSON: a Cards block's side is in its JSON form as
// docs/json.md says, and a block without one has no "side".
func TestCardsSideJSON(t *testing.T) {
	with, err := json.Marshal(&doc.Cards{Title: "Unit cards", W: 63, H: 84, Side: doc.Side{Name: "The Elf Host", Whose: "the enemy", Enemy: true}})
	if err != nil {
		t.Fatal(err)
	}
	if want := `"side":{"name":"The Elf Host","whose":"the enemy","enemy":true}`; !strings.Contains(string(with), want) {
		t.Errorf("%s, want %s", with, want)
	}
	without, err := json.Marshal(&doc.Cards{Title: "Unit cards", W: 63, H: 84})
	if err != nil {
		t.Fatal(err)
	}
	if strings.Contains(string(without), `"side"`) || !strings.Contains(string(without), `"kind":"cards"`) {
		t.Errorf("%s", without)
	}
}
