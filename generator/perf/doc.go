// Package perf measures Sortie against what a user would pick instead: Hugo
// for HTML pages and headless Chromium for PDF, and Sortie against itself
// as a site grows from 100 to 10,000 encounters. It holds no code of its
// own; its test, run by `make bench`, builds sites, runs each program as a
// separate process side by side in one run, and prints the ratios
// (docs/performance.md records the figures).
package perf
