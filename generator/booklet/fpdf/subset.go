package fpdf

// This file is Sortie's patch to fpdf v0.12.0 (see PATCH.md): a UTF-8
// font's subset cut and compressed once for every document that uses
// the same characters of it.

import (
	"bytes"
	"encoding/binary"
	"slices"
	"sync"
)

// maxSubsets bounds the subsets a parsed font keeps: past it, the
// cache starts again, so a long-lived process (a preview server) holds
// no more than this many.
const maxSubsets = 512

// utf8Subset is what a document writes of a UTF-8 font for the
// characters it used: the cut font file's length and its compressed
// bytes, the compressed CIDToGIDMap, and the widths generateCIDFontMap
// writes into the CIDFont's dictionary.
type utf8Subset struct {
	size   int
	file   []byte
	cidMap []byte
	widths []byte
}

// subsets is a parsed font's cache of its subsets, by the characters
// used (subsetKey); documents on several goroutines share it.
type subsets struct {
	mu sync.Mutex
	m  map[string]*utf8Subset
}

// subsetKey writes a document's used runes, sorted, as a key.
func subsetKey(usedRunes map[int]int) string {
	keys := make([]int, 0, len(usedRunes))
	for k := range usedRunes {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	b := make([]byte, 0, 8*len(keys))
	for _, k := range keys {
		b = binary.AppendUvarint(b, uint64(k))
		b = binary.AppendUvarint(b, uint64(usedRunes[k]))
	}
	return string(b)
}

// utf8Subset returns font's subset for the runes the document used: from
// the parsed font's cache when another document used the same, else cut
// and compressed here (and kept, for a parsed font). The bytes are the
// same either way: cutting and compressing the same runes of the same
// font gives the same bytes.
func (f *Fpdf) utf8Subset(font *fontDefType) *utf8Subset {
	usedRunes := font.usedRunes
	delete(usedRunes, 0)
	cache := (*subsets)(nil)
	if p := font.utf8File.prepared; p != nil && !f.protect.encrypted {
		cache = &p.subsets
	}
	var key string
	if cache != nil {
		key = subsetKey(usedRunes)
		cache.mu.Lock()
		s, ok := cache.m[key]
		cache.mu.Unlock()
		if ok {
			return s
		}
	}

	var s utf8Subset
	stream := font.utf8File.GenerateCutFont(usedRunes)
	s.size = len(stream)
	mem := xmem.compress(stream)
	s.file = bytes.Clone(mem.bytes())
	mem.release()

	codes := font.utf8File.CodeSymbolDictionary
	delete(codes, 0)
	cidToGidMap := make([]byte, 256*256*2)
	for cc, glyph := range codes {
		cidToGidMap[cc*2] = byte(glyph >> 8)
		cidToGidMap[cc*2+1] = byte(glyph & 0xFF)
	}
	mem = xmem.compress(cidToGidMap)
	s.cidMap = bytes.Clone(mem.bytes())
	mem.release()

	// generateCIDFontMap writes the widths into the document's buffer:
	// they are taken from there, and written back where they belong.
	start := f.buffer.Len()
	f.generateCIDFontMap(font, font.utf8File.LastRune)
	s.widths = bytes.Clone(f.buffer.Bytes()[start:])
	f.buffer.Truncate(start)

	if cache != nil {
		cache.mu.Lock()
		if cache.m == nil || len(cache.m) >= maxSubsets {
			cache.m = map[string]*utf8Subset{}
		}
		cache.m[key] = &s
		cache.mu.Unlock()
	}
	return &s
}
