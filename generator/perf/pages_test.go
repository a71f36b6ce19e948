//go:build linux

package perf_test

import (
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"
)

// pageDPI is the resolution the page images are compared at: the one
// the print reviews render at, fine enough that a word moved by a point
// or a line drawn a shade lighter shows.
const pageDPI = 60

// samePages compares the PDFs two builds of one site wrote, each by its
// path: byte for byte first, then, for those whose bytes differ, every
// page as an image at pageDPI (pdftoppm), as a player would see it. It
// reports how many are the same bytes, how many the same page images,
// and lists the rest with their pages that differ: a change that was
// meant to leave the pages as they were (a faster compressor, say) must
// list none, and any other lists what it changed.
func samePages(t *testing.T, rep *reporter, this, base string) {
	t.Helper()
	rep.printf("    the same pages: the PDFs of this build and of base's, byte for byte, then each page as an image at %d dpi\n", pageDPI)
	if _, err := exec.LookPath("pdftoppm"); err != nil {
		rep.printf("    skipped: pdftoppm not found (apt-get install poppler-utils)\n")
		return
	}
	rel := func(dir string) []string {
		var out []string
		for _, f := range count(t, dir, ".pdf") {
			r, err := filepath.Rel(dir, f)
			if err != nil {
				t.Fatal(err)
			}
			out = append(out, filepath.ToSlash(r))
		}
		slices.Sort(out)
		return out
	}
	mine, theirs := rel(this), rel(base)
	var both, onlyThis, onlyBase []string
	for _, f := range mine {
		if _, ok := slices.BinarySearch(theirs, f); ok {
			both = append(both, f)
		} else {
			onlyThis = append(onlyThis, f)
		}
	}
	for _, f := range theirs {
		if _, ok := slices.BinarySearch(mine, f); !ok {
			onlyBase = append(onlyBase, f)
		}
	}
	type result struct {
		sameBytes bool
		pages     [2]int // this, base
		differ    []int  // pages whose images differ, from 1
	}
	results := make([]result, len(both))
	work := make(chan int)
	var wg sync.WaitGroup
	for range 2 {
		wg.Go(func() {
			for i := range work {
				f := filepath.FromSlash(both[i])
				a, err := os.ReadFile(filepath.Join(this, f))
				if err != nil {
					t.Error(err)
					continue
				}
				b, err := os.ReadFile(filepath.Join(base, f))
				if err != nil {
					t.Error(err)
					continue
				}
				if bytes.Equal(a, b) {
					results[i].sameBytes = true
					continue
				}
				pa, pb := pageImages(t, filepath.Join(this, f)), pageImages(t, filepath.Join(base, f))
				results[i].pages = [2]int{len(pa), len(pb)}
				for p := range max(len(pa), len(pb)) {
					if p >= len(pa) || p >= len(pb) || !bytes.Equal(pa[p], pb[p]) {
						results[i].differ = append(results[i].differ, p+1)
					}
				}
			}
		})
	}
	for i := range both {
		work <- i
	}
	close(work)
	wg.Wait()

	sameBytes, sameImages := 0, 0
	var differ []string
	for i, r := range results {
		switch {
		case r.sameBytes:
			sameBytes++
		case len(r.differ) == 0:
			sameImages++
		default:
			line := fmt.Sprintf("%s: %d of %d pages", both[i], len(r.differ), max(r.pages[0], r.pages[1]))
			if r.pages[0] != r.pages[1] {
				line = fmt.Sprintf("%s: %d pages, base %d", both[i], r.pages[0], r.pages[1])
			} else {
				line += " (" + pageList(r.differ) + ")"
			}
			differ = append(differ, line)
		}
	}
	rep.printf("    %d PDFs in both builds: %d byte for byte the same, %d the same page images in other bytes, %d with pages that differ; %d only in this build, %d only in base's\n",
		len(both), sameBytes, sameImages, len(differ), len(onlyThis), len(onlyBase))
	for _, d := range differ {
		rep.printf("      differ: %s\n", d)
	}
	for _, f := range onlyThis {
		rep.printf("      only in this build: %s\n", f)
	}
	for _, f := range onlyBase {
		rep.printf("      only in base's: %s\n", f)
	}
}

// pageImages renders every page of a PDF at pageDPI, as the bytes of
// each page's image (PPM: a header, then the pixels), in page order.
func pageImages(t *testing.T, pdf string) [][]byte {
	t.Helper()
	dir, err := os.MkdirTemp("", "sortie-pages-")
	if err != nil {
		t.Fatal(err)
	}
	defer os.RemoveAll(dir)
	cmd := exec.Command("pdftoppm", "-r", fmt.Sprint(pageDPI), pdf, filepath.Join(dir, "p"))
	if msg, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("pdftoppm %s: %v\n%s", pdf, err, msg)
	}
	names, err := filepath.Glob(filepath.Join(dir, "p-*.ppm"))
	if err != nil {
		t.Fatal(err)
	}
	// pdftoppm pads the page numbers to the width of the last: the
	// names sort in page order.
	slices.Sort(names)
	var pages [][]byte
	for _, n := range names {
		b, err := os.ReadFile(n)
		if err != nil {
			t.Fatal(err)
		}
		pages = append(pages, b)
	}
	return pages
}

// pageList writes page numbers as "3, 5-7, 12", at most 12 runs.
func pageList(pages []int) string {
	var runs []string
	for i := 0; i < len(pages); {
		j := i
		for j+1 < len(pages) && pages[j+1] == pages[j]+1 {
			j++
		}
		if i == j {
			runs = append(runs, fmt.Sprint(pages[i]))
		} else {
			runs = append(runs, fmt.Sprintf("%d-%d", pages[i], pages[j]))
		}
		i = j + 1
	}
	if len(runs) > 12 {
		runs = append(runs[:12], "…")
	}
	return "pages " + strings.Join(runs, ", ")
}
