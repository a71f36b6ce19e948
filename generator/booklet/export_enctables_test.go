package booklet

// Rendered renders d once and returns the page each anchor landed on (as
// Pages), the text drawn on each page (as PageTexts) and the page count.
func Rendered(d Doc, opt Options) (pages map[string]int, text map[int]string, count int, err error) {
	f, lay, err := render(d, opt)
	if err != nil {
		return nil, nil, 0, err
	}
	return lay.pages, lay.text, f.PageCount(), nil
}
