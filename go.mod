module github.com/sortie-wargames/sortie

go 1.26.8

require github.com/spf13/cobra v1.10.2

require (
	codeberg.org/go-pdf/fpdf v0.12.0 // indirect
	github.com/inconshreveable/mousetrap v1.1.0 // indirect
	github.com/pdfcpu/pdfcpu v0.15.0 // indirect
	github.com/spf13/pflag v1.0.10 // indirect
	github.com/yuin/goldmark v1.8.7 // indirect
	golang.org/x/image v0.47.0 // indirect
)
