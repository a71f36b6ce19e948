package fpdf

// This file is Sortie's patch to fpdf v0.12.0 (see PATCH.md): a UTF-8
// font parsed once and added to many documents.

import "bytes"

// UTF8Font is a TrueType font parsed and named once, to add to any number
// of documents with AddParsedUTF8Font. AddUTF8FontFromBytes parses the
// font's tables again for every document and names it by the SHA-1 of its
// definition written as JSON, 65,536 widths long, and cutting its subset
// reads its whole cmap, widths and glyph offsets again: on a one-page
// document that is most of the work. Added this way, a font costs a
// document the cutting of its subset from what was read once, and prints
// the same bytes.
//
// A UTF8Font is not changed once made: documents on several goroutines
// may share one.
type UTF8Font struct {
	family, style string
	data          []byte      // the font file, copied for each document's subset
	def           fontDefType // as addFontFromBytes makes it, without utf8File and usedRunes
	cut           *cutBase    // what every subset reads of the font (GenerateCutFont)
}

// ParseUTF8Font parses a TrueType font for AddParsedUTF8Font, under the
// family and style AddUTF8FontFromBytes would be given.
func ParseUTF8Font(familyStr, styleStr string, utf8Bytes []byte) (*UTF8Font, error) {
	data := bytes.Clone(utf8Bytes)
	utf8File := newUTF8Font(&fileReader{readerPosition: 0, array: bytes.Clone(data)})
	if err := utf8File.parseFile(); err != nil {
		return nil, err
	}
	def := fontDefType{
		Tp:   "UTF8",
		Name: getFontKey(familyStr, styleStr),
		Desc: FontDescType{
			Ascent:       int(utf8File.Ascent),
			Descent:      int(utf8File.Descent),
			CapHeight:    utf8File.CapHeight,
			Flags:        utf8File.Flags,
			FontBBox:     utf8File.Bbox,
			ItalicAngle:  utf8File.ItalicAngle,
			StemV:        utf8File.StemV,
			MissingWidth: round(utf8File.DefaultWidth),
		},
		Up: int(round(utf8File.UnderlinePosition)),
		Ut: round(utf8File.UnderlineThickness),
		Cw: utf8File.CharWidths,
	}
	var err error
	if def.i, err = generateFontID(def); err != nil {
		return nil, err
	}
	cut := newUTF8Font(&fileReader{readerPosition: 0, array: bytes.Clone(data)}).prepareCut()
	return &UTF8Font{family: familyStr, style: styleStr, data: data, def: def, cut: cut}, nil
}

// AddParsedUTF8Font adds a parsed font to the document, as
// AddUTF8FontFromBytes adds the bytes it was parsed from.
func (f *Fpdf) AddParsedUTF8Font(font *UTF8Font) {
	if f.err != nil {
		return
	}
	fontkey := getFontKey(font.family, font.style)
	if _, ok := f.fonts[fontkey]; ok {
		return
	}
	def := font.def
	// The subset is cut from a copy of the file's bytes of the
	// document's own, as AddUTF8FontFromBytes cuts it from the bytes it
	// was given: cutting moves a reader over them.
	def.utf8File = newUTF8Font(&fileReader{readerPosition: 0, array: bytes.Clone(font.data)})
	def.utf8File.prepared = font.cut
	if f.aliasNbPagesStr == "" {
		def.usedRunes = makeSubsetRange(57)
	} else {
		def.usedRunes = makeSubsetRange(32)
	}
	f.fonts[fontkey] = def
}
