package output_test

import (
	"fmt"
	"path/filepath"
	"testing"

	"github.com/sortie-wargames/sortie/generator/output"
)

// TestAbortWhileAdding: Abort while files are still being added (a build
// interrupted with its workers busy) leaves the previous output whole and
// nothing beside it: an Add under way finishes before the new directory
// is removed, and any Add after it writes nothing.
func TestAbortWhileAdding(t *testing.T) {
	root := t.TempDir()
	out := filepath.Join(root, "out")
	if err := output.Write(out, siteFiles, output.Guard{}); err != nil {
		t.Fatal(err)
	}
	before := snapshot(t, root)
	for round := range 200 {
		st, err := output.Writer{}.Begin(out)
		if err != nil {
			t.Fatal(err)
		}
		started := make(chan struct{})
		done := make(chan int)
		for g := range 4 {
			go func() {
				n := 0
				for i := 0; ; i++ {
					if i == 3 && g == 0 {
						close(started)
					}
					if st.Add(output.File{Path: fmt.Sprintf("r%d/g%d/d%d/f%d.html", round, g, i%7, i), Data: []byte("page")}) != nil {
						break
					}
					n++
				}
				done <- n
			}()
		}
		<-started
		st.Abort()
		for range 4 {
			<-done
		}
		if err := st.Add(output.File{Path: "late.html"}); err == nil {
			t.Error("Add after Abort succeeded")
		}
		sameTree(t, "after an aborted build", before, snapshot(t, root))
	}
}
