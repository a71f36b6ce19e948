// Copyright (c) 2015 Kurt Jung (Gmail: kurt.w.jung)
//
// Permission to use, copy, modify, and distribute this software for any purpose
// with or without fee is hereby granted, provided that the above copyright notice
// and this permission notice appear in all copies.
//
// THE SOFTWARE IS PROVIDED "AS IS" AND THE AUTHOR DISCLAIMS ALL WARRANTIES WITH
// REGARD TO THIS SOFTWARE INCLUDING ALL IMPLIED WARRANTIES OF MERCHANTABILITY AND
// FITNESS. IN NO EVENT SHALL THE AUTHOR BE LIABLE FOR ANY SPECIAL, DIRECT,
// INDIRECT, OR CONSEQUENTIAL DAMAGES OR ANY DAMAGES WHATSOEVER RESULTING FROM
// LOSS OF USE, DATA OR PROFITS, WHETHER IN AN ACTION OF CONTRACT, NEGLIGENCE OR
// OTHER TORTIOUS ACTION, ARISING OUT OF OR IN CONNECTION WITH THE USE OR
// PERFORMANCE OF THIS SOFTWARE.

// Package example provides some helper routines for the test packages of
// gofpdf and its various contributed packages located beneath the contrib
// directory.
//
// Sortie's fork (see ../../PATCH.md, "Tests"): the files the examples read
// are in the fork's testdata folder, the DejaVu fonts come from
// github.com/go-fonts/dejavu, and the PDFs the examples write go to a
// temporary directory that Cleanup removes.
package example

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"time"

	"github.com/go-fonts/dejavu/dejavusanscondensed"
	"github.com/go-fonts/dejavu/dejavusanscondensedbold"
	"github.com/go-fonts/dejavu/dejavusanscondensedboldoblique"
	"github.com/go-fonts/dejavu/dejavusanscondensedoblique"

	"github.com/sortie-wargames/sortie/generator/booklet/fpdf"
)

var gofpdfDir string

func init() {
	setRoot()
	fpdf.SetDefaultCompression(false)
	fpdf.SetDefaultCatalogSort(true)
	fpdf.SetDefaultCreationDate(time.Date(2000, 1, 1, 0, 0, 0, 0, time.UTC))
	fpdf.SetDefaultModificationDate(time.Date(2000, 1, 1, 0, 0, 0, 0, time.UTC))
}

// setRoot assigns the relative path to the gofpdfDir directory based on current working
// directory
func setRoot() {
	wdStr, err := os.Getwd()
	if err == nil {
		gofpdfDir = ""
		list := strings.Split(filepath.ToSlash(wdStr), "/")
		for j := len(list) - 1; j >= 0 && list[j] != "fpdf"; j-- {
			gofpdfDir = filepath.Join(gofpdfDir, "..")
		}
	} else {
		panic(err)
	}
}

// dataDir returns the path to the folder of the files the examples read
// (upstream's image, font, text and icc folders, and pdf/reference).
func dataDir() string {
	return filepath.Join(gofpdfDir, "testdata")
}

// ImageFile returns a qualified filename in which the path to the image
// directory is prepended to the specified filename.
func ImageFile(fileStr string) string {
	return filepath.Join(dataDir(), "image", fileStr)
}

// FontDir returns the path to the font directory.
func FontDir() string {
	return filepath.Join(dataDir(), "font")
}

// dejaVu holds the DejaVu fonts of upstream's font folder: the same bytes
// are in github.com/go-fonts/dejavu v0.3.2, which Sortie's module requires,
// so FontFile writes them into the temporary directory rather than
// testdata keeping 2.5 MB of copies.
var dejaVu = map[string][]byte{
	"DejaVuSansCondensed.ttf":             dejavusanscondensed.TTF,
	"DejaVuSansCondensed-Bold.ttf":        dejavusanscondensedbold.TTF,
	"DejaVuSansCondensed-Oblique.ttf":     dejavusanscondensedoblique.TTF,
	"DejaVuSansCondensed-BoldOblique.ttf": dejavusanscondensedboldoblique.TTF,
}

var dejaVuMu sync.Mutex

// FontFile returns a qualified filename in which the path to the font
// directory is prepended to the specified filename.
func FontFile(fileStr string) string {
	b, ok := dejaVu[fileStr]
	if !ok {
		return filepath.Join(FontDir(), fileStr)
	}
	dejaVuMu.Lock()
	defer dejaVuMu.Unlock()
	dir := filepath.Join(tempDir(), "font")
	path := filepath.Join(dir, fileStr)
	if _, err := os.Stat(path); err != nil {
		if err = os.MkdirAll(dir, 0o755); err == nil {
			err = os.WriteFile(path, b, 0o644)
		}
		if err != nil {
			panic(err)
		}
	}
	return path
}

// TextFile returns a qualified filename in which the path to the text
// directory is prepended to the specified filename.
func TextFile(fileStr string) string {
	return filepath.Join(dataDir(), "text", fileStr)
}

var (
	tempOnce sync.Once
	temp     string
)

// tempDir returns a temporary directory, made at the first call, that
// Cleanup removes. Its path is relative to the working directory, as
// upstream's paths are: AddUTF8Font joins a font's path to the font
// directory, "." by default, which makes an absolute path relative.
func tempDir() string {
	tempOnce.Do(func() {
		dir, err := os.MkdirTemp("", "fpdf-test-")
		if err != nil {
			panic(err)
		}
		temp = dir
		// Both paths with their symbolic links resolved, so that the
		// relative path's ".." steps are the file system's.
		wd, err1 := os.Getwd()
		if err1 == nil {
			wd, err1 = filepath.EvalSymlinks(wd)
		}
		real, err2 := filepath.EvalSymlinks(dir)
		if err1 == nil && err2 == nil {
			if rel, err := filepath.Rel(wd, real); err == nil {
				temp = rel
			}
		}
	})
	return temp
}

// Cleanup removes the temporary directory of the examples' PDFs and
// fonts; a test binary's TestMain calls it after the tests.
func Cleanup() {
	if temp != "" {
		os.RemoveAll(temp)
	}
}

// PdfDir returns the path to the PDF output directory: pdf in a
// temporary directory, so that no test writes into the source tree.
func PdfDir() string {
	dir := filepath.Join(tempDir(), "pdf")
	if err := os.MkdirAll(dir, 0o755); err != nil {
		panic(err)
	}
	return dir
}

// ICCFile returns a qualified filename in which the path to the ICC file
// directory is prepended to the specified filename.
func ICCFile(fileStr string) string {
	return filepath.Join(dataDir(), "icc", fileStr)
}

// PdfFile returns a qualified filename in which the path to the PDF output
// directory is prepended to the specified filename.
func PdfFile(fileStr string) string {
	return filepath.Join(PdfDir(), fileStr)
}

// Filename returns a qualified filename in which the example PDF directory
// path is prepended and the suffix ".pdf" is appended to the specified
// filename.
func Filename(baseStr string) string {
	return PdfFile(baseStr + ".pdf")
}

// referenceCompare compares the specified file with the file's reference copy
// located in the 'reference' subdirectory of testdata. All bytes of the two
// files are compared. This function succeeds if both files are equivalent or
// if the reference file does not exist.
func referenceCompare(fileStr string) error {
	refFileStr := filepath.Join(dataDir(), "reference", filepath.Base(fileStr))
	return fpdf.ComparePDFFiles(fileStr, refFileStr, false)
}

// displayName returns fileStr as upstream's examples print it, relative
// to its repository: pdf/name.pdf for a file in PdfDir.
func displayName(fileStr string) string {
	if rel, err := filepath.Rel(PdfDir(), fileStr); err == nil && !strings.HasPrefix(rel, "..") {
		fileStr = filepath.Join("pdf", rel)
	}
	return filepath.ToSlash(fileStr)
}

// Summary generates a predictable report for use by test examples. If the
// specified error is nil, the filename delimiters are normalized and the
// filename printed to standard output with a success message. If the specified
// error is not nil, its String() value is printed to standard output.
func Summary(err error, fileStr string) {
	if err == nil {
		fmt.Printf("Successfully generated %s\n", displayName(fileStr))
	} else {
		fmt.Println(err)
	}
}

// SummaryCompare generates a predictable report for use by test examples. If
// the specified error is nil, the generated file is compared with a reference
// copy for byte-for-byte equality. If the files match, then the filename
// delimiters are normalized and the filename printed to standard output with a
// success message. If the files do not match, this condition is reported on
// standard output. If the specified error is not nil, its String() value is
// printed to standard output.
func SummaryCompare(err error, fileStr string) {
	if err == nil {
		err = referenceCompare(fileStr)
	}
	if err == nil {
		fmt.Printf("Successfully generated %s\n", displayName(fileStr))
	} else {
		fmt.Println(err)
	}
}
