package plan

// Column is a table column as measured in its type, in millimetres,
// padding included.
type Column struct {
	Natural float64 // its longest line, no wider than its cap
	Least   float64 // its longest word
	Full    float64 // a capped column's longest line past its cap; 0 when none
	Capped  bool    // it has a cap on its width, wrapping past it
	Grow    bool    // it takes a share of the width the others leave
}

// Widths returns the width of each column of a table w wide, as CSS's
// automatic table layout shares it: every column gets its longest line
// when that fits and the growing columns share what is left (all of
// them, by their widths, when the table fills w though nothing grows);
// when it does not fit the widest columns give way first (squeeze),
// never below their longest word; a capped column takes back what the
// others leave. Only when even the longest words do not fit are the
// widths scaled to w, and words break (a fault the caller reports).
// Widths sets Grow on the columns it made give way.
func Widths(cols []Column, w float64, fill bool) []float64 {
	n := len(cols)
	nat := make([]float64, n)
	least := make([]float64, n)
	sum := 0.0
	for i, c := range cols {
		nat[i], least[i] = c.Natural, c.Least
		sum += nat[i]
	}
	// A capped column takes back what the others leave: a key of words
	// beside short values wraps no more than it must.
	for i, c := range cols {
		if c.Capped && c.Full > nat[i] && sum < w {
			wider := min(c.Full, nat[i]+w-sum)
			sum += wider - nat[i]
			nat[i] = wider
		}
	}
	var fixed, flex float64
	for i, c := range cols {
		if c.Grow {
			flex += nat[i]
		} else {
			fixed += nat[i]
		}
	}
	ws := make([]float64, n)
	if flex == 0 && !fill && fixed <= w {
		// Nothing grows and it fits: every column at its natural width.
		copy(ws, nat)
		return ws
	}
	if flex == 0 && !fill {
		// Too wide: every column but the key gives way.
		for i := 1; i < n; i++ {
			cols[i].Grow = true
			flex += nat[i]
			fixed -= nat[i]
		}
	}
	if flex == 0 {
		// Nothing grows but the table fills its frame: every column
		// takes a share of the rest as wide as it is, as a browser's
		// automatic table layout does (the last column taking it all
		// made a log's "Month 6" three times as wide as "Month 1").
		for i := range cols {
			cols[i].Grow = true
		}
		flex, fixed = fixed, 0
	}
	for i, c := range cols {
		ws[i] = nat[i]
		if c.Grow && fixed+flex <= w {
			ws[i] = nat[i] + (w-fixed-flex)*nat[i]/flex
		}
	}
	if fixed+flex > w {
		squeeze(cols, ws, nat, least, w-fixed)
	}
	if total(ws) > w+0.01 {
		// The growing columns cannot give enough: every column gives
		// way, the widest first, none below its longest word.
		for i := range cols {
			cols[i].Grow = true
		}
		squeeze(cols, ws, nat, least, w)
	}
	if t := total(ws); t > w+0.01 {
		// Too wide even word by word: the columns are scaled to fit,
		// and their longest words break.
		scale := w / t
		for i := range ws {
			ws[i] *= scale
		}
	}
	return ws
}

// squeeze fits the growing columns into room by capping the widest: every
// column narrower than the cap keeps its natural width, so short columns
// do not wrap while a long one does; none gets less than its longest word.
func squeeze(cols []Column, ws, nat, least []float64, room float64) {
	lo, hi := 0.0, 0.0
	for i, c := range cols {
		if c.Grow {
			hi = max(hi, nat[i])
		}
	}
	width := func(i int, limit float64) float64 { return max(least[i], min(nat[i], limit)) }
	for range 40 {
		mid := (lo + hi) / 2
		sum := 0.0
		for i, c := range cols {
			if c.Grow {
				sum += width(i, mid)
			}
		}
		if sum > room {
			hi = mid
		} else {
			lo = mid
		}
	}
	for i, c := range cols {
		if c.Grow {
			ws[i] = width(i, lo)
		}
	}
}

// total is the sum of widths.
func total(ws []float64) float64 {
	t := 0.0
	for _, w := range ws {
		t += w
	}
	return t
}
