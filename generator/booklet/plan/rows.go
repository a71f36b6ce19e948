package plan

// BreakRows plans where a table's rows, hs tall, go on to the next frame:
// the first frame has room0 for rows, each later one room; the last row
// takes tail (notes printed under the table) with it. No frame holds
// fewer than keep rows, the table takes as few frames as it can, and
// each frame holds as many rows as that allows, earlier frames first. It
// returns, for each row, whether a frame starts before it (never before
// the first), or nil when no plan keeps every frame to keep rows: rows
// too tall for it.
func BreakRows(hs []float64, tail float64, keep int, room0, room float64) []bool {
	n := len(hs)
	const never = 1 << 30
	sums := make([]float64, n+1) // sums[i] is the height of the rows before i
	for i, x := range hs {
		sums[i+1] = sums[i] + x
	}
	fits := func(from, to int, limit float64) bool {
		h := sums[to] - sums[from]
		if to == n {
			h += tail
		}
		return h <= limit+0.01
	}
	// frames[i] is the fewest frames that hold the rows from i, the first
	// of them starting at row i; next[i] is where the second begins.
	frames := make([]int, n+1)
	next := make([]int, n+1)
	best := func(i int, limit float64) (int, int) {
		f, at := never, -1
		for j := n; j >= i+keep; j-- { // the fullest frame first
			if frames[j] >= never || !fits(i, j, limit) {
				continue
			}
			if 1+frames[j] < f {
				f, at = 1+frames[j], j
			}
		}
		return f, at
	}
	for i := n - 1; i >= 0; i-- {
		frames[i], next[i] = best(i, room)
	}
	f, at := best(0, room0)
	if f >= never {
		return nil
	}
	breaks := make([]bool, n)
	for i := at; i < n; i = next[i] {
		breaks[i] = true
	}
	return breaks
}
