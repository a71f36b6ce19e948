package plan

// SaddleOrder returns, for a booklet of n pages (a multiple of four),
// the pages on each sheet side in print order: sheet 1's front (left,
// right), its back (left, right), sheet 2's front, and so on. The backs
// are for a flip on the short edge: the back's left page is behind the
// front's right page.
func SaddleOrder(n int) [][2]int {
	out := make([][2]int, 0, n/2)
	for i := range n / 4 {
		out = append(out,
			[2]int{n - 2*i, 2*i + 1},
			[2]int{2*i + 2, n - 2*i - 1})
	}
	return out
}
