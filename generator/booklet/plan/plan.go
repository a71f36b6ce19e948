// Package plan decides where print goes before anything is drawn: the
// widths of a table's columns from their measured words and lines, where
// a table's rows break over frames under the keep rules, and the order
// of a folded booklet's pages on its sheets. It works in sizes only
// (millimetres and counts), never fonts or PDF: generator/booklet
// measures text in its fonts, asks plan where each box goes, and draws
// it with fpdf. A fix to how tables share their width or break is made
// here once, and every document gets it.
package plan
