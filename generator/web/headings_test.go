package web

import (
	"bytes"
	"regexp"
	"strings"
	"testing"

	"github.com/yuin/goldmark"
	"github.com/yuin/goldmark/parser"
	"github.com/yuin/goldmark/util"
)

// TestHeadingShift is issue 22's heading order: a body's headings fit
// under the page's h1, starting at h2 and going down one level at a
// time, whatever levels the Markdown wrote.
func TestHeadingShift(t *testing.T) {
	for _, c := range []struct{ md, want string }{
		{"# A\n\n## B\n\n### C", "h2 h3 h4"},
		{"## A\n\n### B", "h2 h3"},
		{"# A\n\n#### B\n\n#### C\n\n## D\n\n### E", "h2 h3 h3 h3 h4"},
		{"### A\n\n# B\n\n###### C", "h2 h2 h3"},
		{"## A\n\n# B\n\n## C", "h2 h2 h3"},
		{"#### A\n\n## B\n\n### C", "h2 h2 h3"},
		{"> # Quoted\n\ntext\n\n### After", "h2 h3"},
		{"# 1\n## 2\n### 3\n#### 4\n##### 5\n###### 6", "h2 h3 h4 h5 h6 h6"},
	} {
		md := goldmark.New(goldmark.WithParserOptions(parser.WithASTTransformers(util.Prioritized(headingShift{}, 200))))
		var b bytes.Buffer
		if err := md.Convert([]byte(c.md), &b); err != nil {
			t.Fatal(err)
		}
		var got []string
		for _, m := range regexp.MustCompile(`<(h[1-6])>`).FindAllStringSubmatch(b.String(), -1) {
			got = append(got, m[1])
		}
		if strings.Join(got, " ") != c.want {
			t.Errorf("%q: %q, want %q\n%s", c.md, got, c.want, b.String())
		}
	}
}
