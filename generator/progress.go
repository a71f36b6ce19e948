package generator

import (
	"sync"

	"github.com/sortie-wargames/sortie/generator/booklet"
)

// Stage is one part of a build, in the order a build goes through them.
type Stage int

// The stages of a build. StageRender takes the site one part at a time
// (the systems' Quick Reference Sheets and the series' months, then each
// pack and campaign): it rolls the part and renders its pages, booklets
// and play sheets together, Options.Workers at a time, writing each file
// as it is made.
const (
	StageLoad   Stage = iota // read the rule systems, the site and its extras
	StageRender              // roll and render the parts, writing them as they come
	StageSite                // the pages that list them all, the feeds and the static files
	StageWrite               // swap the new output in (Build only)
)

var stageNames = [...]string{"load", "render", "site", "write"}

// String is the stage's short lowercase name ("load", "pdfs").
func (s Stage) String() string {
	if s < 0 || int(s) >= len(stageNames) {
		return "stage?"
	}
	return stageNames[s]
}

// EventKind says what an Event reports.
type EventKind int

// The kinds of Event.
const (
	StageBegin EventKind = iota // a stage starts
	StageEnd                    // a stage has finished
	JobBegin                    // one booklet or play sheet starts rendering (StageRender)
	JobEnd                      // one booklet or play sheet has rendered (StageRender)
	PartEnd                     // one part has rendered and been written (StageRender)
)

// Event is one step of a build, reported to Options.Progress. It holds
// no time: a caller that wants timings reads its own clock when it is
// called, so nothing the build writes depends on the clock.
type Event struct {
	Kind  EventKind
	Stage Stage
	// Path is the booklet's or play sheet's file (JobBegin, JobEnd), or
	// the part's folder (PartEnd: "packs/first-blood"; "systems" for the
	// first part).
	Path string
	// Sheet is true when the job is a play sheet, false for a booklet.
	Sheet bool
	// Parts is how many parts StageRender will render (its StageBegin).
	Parts int
	// Faults are the layout defects the booklet or play sheet printed
	// (JobEnd): words broken across lines, text cut short
	// (booklet.Fault). A clean document has none.
	Faults []booklet.Fault
	// Folded is what a folded booklet's JobEnd wrote: its volumes, pages
	// and sheets.
	Folded *Folded
}

// progress calls a build's Progress hook one event at a time, so the hook
// need not be safe for concurrent use; a nil hook is silent.
type progress struct {
	mu sync.Mutex
	fn func(Event)
}

func (p *progress) send(e Event) {
	if p == nil || p.fn == nil {
		return
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	p.fn(e)
}

func (p *progress) begin(s Stage) { p.send(Event{Kind: StageBegin, Stage: s}) }
func (p *progress) end(s Stage)   { p.send(Event{Kind: StageEnd, Stage: s}) }
