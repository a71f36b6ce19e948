package rules

import (
	"fmt"
	"strings"
	"testing"

	"github.com/sortie-wargames/sortie/engine/dice"
)

func TestScratch(t *testing.T) {
	try := func(s string) {
		f, err := Parse("s.rules", []byte(s))
		fmt.Printf("---\n%v\n", err)
		if f != nil {
			for _, tb := range f.Tables {
				func() {
					defer func() {
						if r := recover(); r != nil {
							fmt.Println("PANIC", r)
						}
					}()
					res, err := tb.Roll(dice.New("x"), 4)
					fmt.Println(res.Roll, err)
				}()
			}
		}
	}
	try("table h\ntitle H\ndice 1/2d6\nread pass\ntarget 4\ncolumns A:text\n| 1 | a |\n| 2 | b |\n| 3 | c |\n")
	try("table h\ntitle H\ndice 2d60\nread sum\ncolumns A:text\n" + strings.Repeat("", 0) + "| 2-12 | a |\n")
	try("table h\ntitle H\ndice 2d6\nread sum\ncolumns A:text|R:int\n| 2-6 | a | 1 |\n| 7 | b | four |\n| 8-12 | c | 1 |\n")
	try("table h\ntitle H\ndice 2d6\nread sum\ncolumns A:text|R:int\n| 2-6 | a | 1 |\n| 7 | b |\n| 8-12 | c | 1 |\n")
	try("table h\ntitle H\ndice 2d6\nread pass\ntarget 0\ncolumns A:text\n| 0-2 | a |\n")
	try("table h\ntitle H\ndice 2d6\nread pass\ntarget -3\ncolumns A:text\n| 0-2 | a |\n")
}
