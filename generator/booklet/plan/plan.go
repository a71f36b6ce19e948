// Package plan decides where print goes before anything is drawn: the
// widths of a table's columns from their measured words and lines, where
// a table's rows break over frames under the keep rules, the order of a
// folded booklet's pages on its sheets and how a long one splits into
// volumes, and the order of the sealed cards (dealt from the seed) and
// how many share a page. It works in sizes, counts and orders only
// (millimetres, pages, cards), never fonts or PDF: generator/booklet
// measures text in its fonts, asks plan where each box goes, and draws
// it with fpdf. A fix to how tables share their width or break is made
// here once, and every document gets it.
package plan
