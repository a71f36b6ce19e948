package proof

import (
	"reflect"
	"testing"
)

// TestParse reads pdftotext's XHTML by hand: pages, lines, words and
// their boxes, entities unescaped; a broken document is an error.
func TestParse(t *testing.T) {
	const doc = `<!DOCTYPE html><html xmlns="http://www.w3.org/1999/xhtml">
<head><title>A &amp; B</title><meta name="Subject" content="x &lt;word&gt;"/></head>
<body><doc>
  <page width="595.28" height="841.89">
    <flow><block xMin="1" yMin="2" xMax="3" yMax="4">
      <line xMin="1" yMin="2" xMax="3" yMax="4">
        <word xMin="53.86" yMin="67.392" xMax="74.536" yMax="81.24">2d6</word>
        <word xMin="117.88" yMin="67.392" xMax="126.544" yMax="81.24">&amp;</word>
      </line>
      <line xMin="1" yMin="2" xMax="3" yMax="4">
        <word xMin="1" yMin="2" xMax="3" yMax="4">&quot;6&quot;&lt;</word>
      </line>
    </block></flow>
  </page>
  <page width="100" height="200">
  </page>
</doc></body></html>`
	got, err := parse([]byte(doc))
	if err != nil {
		t.Fatal(err)
	}
	want := []page{
		{w: 595.28, h: 841.89, words: []Word{
			{"2d6", Box{53.86, 67.392, 74.536, 81.24}, 0},
			{"&", Box{117.88, 67.392, 126.544, 81.24}, 0},
			{`"6"<`, Box{1, 2, 3, 4}, 1},
		}},
		{w: 100, h: 200},
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("parse:\n got %+v\nwant %+v", got, want)
	}
	for _, bad := range []string{
		"",
		"<doc><page width=\"1\">",
		"<doc><page width=\"1\" height=\"x\">",
		"<doc><page width=\"1\" height=\"2\"><line><word xMin=\"1\" yMin=\"2\" xMax=\"3\">a</word>",
		"<doc><page width=\"1\" height=\"2\"><line><word xMin=\"1\" yMin=\"2\" xMax=\"3\" yMax=\"4\">a",
		"<doc><word xMin=\"1\" yMin=\"2\" xMax=\"3\" yMax=\"4\">a</word>",
		"<doc><page width=\"1\" height=\"2\"",
	} {
		if _, err := parse([]byte(bad)); err == nil {
			t.Errorf("parse(%q) is no error", bad)
		}
	}
}
