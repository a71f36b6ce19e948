package booklet

// fitHeading is the bold size, from size down to 80% of it, at which
// text fits w mm on one line, and the line; at 80% and still too wide,
// the text wrapped to w at that size.
func (r *renderer) fitHeading(text string, size, w float64) (float64, []string) {
	for pt := size; pt >= size*0.8-1e-9; pt -= 0.5 {
		r.font("B", pt)
		if r.f.GetStringWidth(text) <= w {
			return pt, []string{text}
		}
	}
	pt := size * 0.8
	r.font("B", pt)
	return pt, r.split(text, w)
}
