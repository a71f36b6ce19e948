package generator

import "sync"

// Stage is one part of a build, in the order a build goes through them.
type Stage int

// The stages of a build. StagePDFs renders the booklets and the play
// sheets together (Options.Workers at a time), so its jobs say which they are.
const (
	StageLoad  Stage = iota // read the rule systems, the site and its extras
	StageRoll               // roll every pack, campaign and series month
	StagePages              // render the HTML pages
	StagePDFs               // render the booklets and play sheets
	StageFeeds              // the feeds and the site's static files
	StageWrite              // write the output directory (Build only)
)

var stageNames = [...]string{"load", "roll", "pages", "pdfs", "feeds", "write"}

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
	JobBegin                    // one booklet or play sheet starts rendering (StagePDFs)
	JobEnd                      // one booklet or play sheet has rendered (StagePDFs)
)

// Event is one step of a build, reported to Options.Progress. It holds
// no time: a caller that wants timings reads its own clock when it is
// called, so nothing the build writes depends on the clock.
type Event struct {
	Kind  EventKind
	Stage Stage
	// Path is the booklet's or play sheet's file (JobBegin, JobEnd).
	Path string
	// Sheet is true when the job is a play sheet, false for a booklet.
	Sheet bool
	// Booklets and Sheets are how many of each StagePDFs will render
	// (its StageBegin); Pages is how many HTML pages the pages stage made
	// (its StageEnd).
	Booklets, Sheets, Pages int
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
