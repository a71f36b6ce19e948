// Package memo keeps the results of layout calls by their inputs, as
// Typst's comemo does for its layout functions: a call made again with
// equal inputs returns the kept result instead of laying out again. The
// key is derived from the input value itself (Key: every field, element
// and string it holds, by reflection), so a field added to an input is
// in the key without anyone writing it in, and no key is written by
// hand.
package memo

import (
	"encoding/binary"
	"fmt"
	"math"
	"reflect"
)

// Table keeps the results of one layout function by its inputs. The
// zero Table is empty and ready; a Table is not safe for use by several
// goroutines at once (a booklet is laid out by one).
type Table[V any] struct {
	m            map[string]V
	Hits, Misses int
}

// Get returns the result kept for in, or calls f, keeps what it returns
// and returns it. in must hold only what f reads: values of the kinds
// Key takes.
func (t *Table[V]) Get(in any, f func() V) V {
	k := Key(in)
	if v, ok := t.m[k]; ok {
		t.Hits++
		return v
	}
	t.Misses++
	v := f()
	if t.m == nil {
		t.m = map[string]V{}
	}
	t.m[k] = v
	return v
}

// Key writes v out whole as a string, equal for equal values: booleans,
// numbers (floats by their bits), strings, and the arrays, slices,
// structs (every field, exported or not) and pointers (what they point
// to) made of them, and nil funcs. A nil slice and an empty one are
// equal; a nil pointer is not a pointer to a zero value. It panics on a
// kind it cannot write out faithfully (a map, a func that is not nil, a
// channel, an interface holding one): a key that left them out would
// return a result laid out for other inputs.
func Key(v any) string {
	b := make([]byte, 0, 256)
	b = appendValue(b, reflect.ValueOf(v))
	return string(b)
}

func appendValue(b []byte, v reflect.Value) []byte {
	switch v.Kind() {
	case reflect.Invalid:
		return append(b, 0)
	case reflect.Bool:
		if v.Bool() {
			return append(b, 1)
		}
		return append(b, 0)
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		return binary.AppendVarint(b, v.Int())
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr:
		return binary.AppendUvarint(b, v.Uint())
	case reflect.Float32, reflect.Float64:
		return binary.LittleEndian.AppendUint64(b, math.Float64bits(v.Float()))
	case reflect.String:
		b = binary.AppendUvarint(b, uint64(v.Len()))
		return append(b, v.String()...)
	case reflect.Array, reflect.Slice:
		b = binary.AppendUvarint(b, uint64(v.Len()))
		for i := range v.Len() {
			b = appendValue(b, v.Index(i))
		}
		return b
	case reflect.Struct:
		for i := range v.NumField() {
			b = appendValue(b, v.Field(i))
		}
		return b
	case reflect.Pointer:
		if v.IsNil() {
			return append(b, 0)
		}
		return appendValue(append(b, 1), v.Elem())
	case reflect.Func:
		if v.IsNil() {
			return append(b, 0) // no function: nothing to call, nothing read
		}
	case reflect.Interface:
		if v.IsNil() {
			return append(b, 0)
		}
		b = append(b, 1)
		b = append(b, v.Elem().Type().String()...)
		return appendValue(b, v.Elem())
	}
	panic(fmt.Sprintf("memo: cannot key a %s", v.Type()))
}
