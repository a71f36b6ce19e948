package fpdf

import (
	"math"
	"math/rand/v2"
	"strconv"
	"testing"
)

// TestAppendF64 checks appendF64 against strconv.AppendFloat: edge
// cases, halves, and a million values of the sizes a PDF page holds.
func TestAppendF64(t *testing.T) {
	check := func(v float64, prec int) {
		t.Helper()
		want := strconv.AppendFloat(nil, v, 'f', prec, 64)
		if got := appendF64(nil, v, prec); string(got) != string(want) {
			t.Fatalf("appendF64(%v, %d) = %q, want %q", v, prec, got, want)
		}
	}
	edges := []float64{0, math.Copysign(0, -1), 1, -1, 0.5, -0.5, 1.5, 2.5, 0.125, 0.375, 1e-7, -1e-7,
		0.000005, -0.000005, 0.000015, 0.00001, 9.999995, 99999.999995, 1e9, 1e10, 1e20, -1e20,
		841.89, 595.28, 612, 792, math.Inf(1), math.Inf(-1), math.NaN(), math.MaxFloat64, math.SmallestNonzeroFloat64}
	for prec := range 8 {
		for _, v := range edges {
			check(v, prec)
		}
	}
	rng := rand.New(rand.NewPCG(1, 2))
	for range 1_000_000 {
		prec := rng.IntN(7)
		var v float64
		switch rng.IntN(4) {
		case 0:
			v = rng.Float64() * 842 // a point on a page
		case 1:
			v = (rng.Float64() - 0.5) * 2e4
		case 2:
			v = float64(rng.IntN(1_000_000)) / 1000 // a value with few decimals, often a half
		default:
			v = (float64(rng.IntN(2_000_000)) + 0.5) / math.Pow(10, float64(prec+1)) // the half of the last digit
		}
		if rng.IntN(2) == 0 {
			v = -v
		}
		check(v, prec)
	}
}

func BenchmarkAppendF64(b *testing.B) {
	buf := make([]byte, 0, 24)
	b.Run("appendF64", func(b *testing.B) {
		for i := range b.N {
			buf = appendF64(buf[:0], float64(i%84200)/100.123, 5)
		}
	})
	b.Run("strconv", func(b *testing.B) {
		for i := range b.N {
			buf = strconv.AppendFloat(buf[:0], float64(i%84200)/100.123, 'f', 5, 64)
		}
	})
}
