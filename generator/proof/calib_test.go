package proof

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"sync"
	"testing"
)

func TestCalib(t *testing.T) {
	root := os.Getenv("CALIB")
	if root == "" {
		t.Skip()
	}
	var files []string
	filepath.Walk(root, func(p string, info os.FileInfo, err error) error {
		if strings.HasSuffix(p, ".pdf") {
			files = append(files, p)
		}
		return nil
	})
	sort.Strings(files)
	reps := make([]Report, len(files))
	var wg sync.WaitGroup
	sem := make(chan bool, 2)
	for i, f := range files {
		wg.Add(1)
		go func() {
			defer wg.Done()
			sem <- true
			defer func() { <-sem }()
			r, err := Check(context.Background(), f)
			if err != nil {
				t.Error(err)
			}
			r.File = strings.TrimPrefix(f, root+"/")
			for j := range r.Defects {
				r.Defects[j].File = r.File
			}
			reps[i] = r
		}()
	}
	wg.Wait()
	out, _ := os.Create("/tmp/proof/defects.txt")
	defer out.Close()
	tot := map[string]int{}
	for _, r := range reps {
		for _, d := range r.Defects {
			fmt.Fprintln(out, d)
			tot[d.Kind]++
		}
	}
	t.Log(tot)
}
