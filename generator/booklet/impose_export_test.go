package booklet

import (
	"bytes"

	"github.com/sortie-wargames/sortie/generator/booklet/plan"
	"github.com/sortie-wargames/sortie/generator/booklet/press"
)

// ImposedBlank renders a folded booklet of d's cover and blank pages, n
// pages before padding, and imposes it: a booklet whose page count the
// test chooses.
func ImposedBlank(d Doc, opt Options, n int) ([]byte, error) {
	b, err := setup(d, opt)
	if err != nil {
		return nil, err
	}
	r := newRenderer(b, newLayout())
	newFrontMatter(r).cover()
	for r.f.PageNo() < n {
		r.newPage("Blank")
	}
	r.padPages(4)
	r.endPages()
	if err := r.paintPages("TwoPageRight"); err != nil {
		return nil, err
	}
	if err := r.finish(); err != nil {
		return nil, err
	}
	var out bytes.Buffer
	if err := r.f.Output(&out); err != nil {
		return nil, err
	}
	s, err := press.ReadSource(out.Bytes())
	if err != nil {
		return nil, err
	}
	_, sw, sh, _ := paperSize(opt.Paper)
	return s.Imposed(1, s.Pages(), sh, sw)
}

// SaddleOrder is plan.SaddleOrder, where the tests of imposition find it.
var SaddleOrder = plan.SaddleOrder
