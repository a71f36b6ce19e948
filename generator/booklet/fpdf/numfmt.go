package fpdf

import (
	"math"
	"strconv"
)

// pow10 holds the powers of ten appendF64's fast path scales by.
var pow10 = [...]float64{1, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6}

// appendF64 appends v with prec digits after the point to b, as
// strconv.AppendFloat(b, v, 'f', prec, 64) does, byte for byte.
//
// Its fast path scales v to an integer count of the last digit and
// rounds it: the product's error is under 2e-6 of a digit for the values
// it takes (|v|·10^prec below 1e10), so the rounding is the exact
// decimal's unless the product lies within 1e-4 of a half, where
// strconv decides. PDF content streams are mostly such numbers (every
// point of every curve), and strconv's general path was 6% of Sortie's
// build.
func appendF64(b []byte, v float64, prec int) []byte {
	if prec < 0 || prec >= len(pow10) {
		return strconv.AppendFloat(b, v, 'f', prec, 64)
	}
	n := math.Abs(v) * pow10[prec]
	if !(n < 1e10) { // also NaN and infinities
		return strconv.AppendFloat(b, v, 'f', prec, 64)
	}
	r := math.Floor(n)
	frac := n - r
	if math.Abs(frac-0.5) < 1e-4 {
		return strconv.AppendFloat(b, v, 'f', prec, 64)
	}
	if frac > 0.5 {
		r++
	}
	u := uint64(r)
	if math.Signbit(v) {
		b = append(b, '-')
	}
	var digits [24]byte
	i := len(digits)
	for k := 0; k < prec || u > 0 || k == prec; k++ {
		if k == prec && prec > 0 {
			i--
			digits[i] = '.'
		}
		i--
		digits[i] = byte('0' + u%10)
		u /= 10
		if k >= prec && u == 0 {
			break
		}
	}
	return append(b, digits[i:]...)
}
