package main

import (
	"cmp"
	"fmt"
	"io"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/sortie-wargames/sortie/generator"
)

// progressDelay is how long a build runs before it shows progress, so a
// quick build prints nothing but its summary; progressEvery is how often
// the line is redrawn at most while the same stage goes on.
const (
	progressDelay = 500 * time.Millisecond
	progressEvery = 100 * time.Millisecond
)

// buildProgress follows a build's events (generator.Options.Progress):
// it draws a single updating line on a terminal (live), and times each
// stage and each booklet and play sheet for --verbose. The clock is the
// host's; the generator never reads one.
type buildProgress struct {
	mu   sync.Mutex // events and ticks come from different goroutines
	live io.Writer  // stderr on a terminal; nil draws nothing
	now  func() time.Time

	start, stageStart, drawnAt time.Time
	drawn                      bool   // a line is on the terminal
	done                       bool   // finished: ticks draw nothing more
	last                       string // the line drawn last

	stage                    generator.Stage
	parts, partsDone         int // how many parts the build renders, and has
	bookletsDone, sheetsDone int
	stageTime                map[generator.Stage]time.Duration
	jobStart                 map[string]time.Time
	jobs                     []jobTime
	total                    time.Duration
}

// jobTime is how long one booklet or play sheet took to render.
type jobTime struct {
	path  string
	sheet bool
	took  time.Duration
}

func newBuildProgress(live io.Writer, now func() time.Time) *buildProgress {
	return &buildProgress{live: live, now: now, start: now(),
		stageTime: map[generator.Stage]time.Duration{}, jobStart: map[string]time.Time{}}
}

// event takes one event of the build (the generator makes the calls one
// at a time).
func (p *buildProgress) event(e generator.Event) {
	p.mu.Lock()
	defer p.mu.Unlock()
	t := p.now()
	switch e.Kind {
	case generator.StageBegin:
		p.stage, p.stageStart = e.Stage, t
		if e.Stage == generator.StageRender {
			p.parts = e.Parts
		}
	case generator.StageEnd:
		p.stageTime[e.Stage] = t.Sub(p.stageStart)
		return // the next stage's beginning redraws
	case generator.PartEnd:
		p.partsDone++
	case generator.JobBegin:
		p.jobStart[e.Path] = t
		return
	case generator.JobEnd:
		p.jobs = append(p.jobs, jobTime{path: e.Path, sheet: e.Sheet, took: t.Sub(p.jobStart[e.Path])})
		delete(p.jobStart, e.Path)
		if e.Sheet {
			p.sheetsDone++
		} else {
			p.bookletsDone++
		}
	}
	p.draw(t, e.Kind == generator.StageBegin)
}

// tick redraws the line, if due, while a stage goes on without events.
func (p *buildProgress) tick() {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.done {
		return
	}
	p.draw(p.now(), false)
}

// draw redraws the line on a terminal once the build has run a moment:
// at once for a new stage, else at most every progressEvery.
func (p *buildProgress) draw(t time.Time, newStage bool) {
	if p.live == nil || t.Sub(p.start) < progressDelay {
		return
	}
	if p.drawn && !newStage && t.Sub(p.drawnAt) < progressEvery {
		return
	}
	line := p.line()
	if line == p.last {
		return
	}
	fmt.Fprintf(p.live, "\r%s\x1b[K", line)
	p.drawn, p.drawnAt, p.last = true, t, line
}

// line says what the build is doing.
func (p *buildProgress) line() string {
	switch p.stage {
	case generator.StageLoad:
		return "sortie: loading the site"
	case generator.StageRender:
		parts := []string{fmt.Sprintf("parts %d/%d", p.partsDone, p.parts)}
		if p.bookletsDone > 0 {
			parts = append(parts, fmt.Sprintf("booklets %d", p.bookletsDone))
		}
		if p.sheetsDone > 0 {
			parts = append(parts, fmt.Sprintf("play sheets %d", p.sheetsDone))
		}
		return "sortie: rendering " + strings.Join(parts, ", ")
	case generator.StageSite:
		return "sortie: rendering the home page, lists and feeds"
	default:
		return "sortie: writing the output"
	}
}

// finish clears the line, if one was drawn, and notes the total time.
func (p *buildProgress) finish() {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.done = true
	p.total = p.now().Sub(p.start)
	if p.drawn {
		fmt.Fprint(p.live, "\r\x1b[K")
		p.drawn = false
	}
}

// report prints, one line each in a fixed order, what the build made and
// how long each part took (--verbose).
func (p *buildProgress) report(w io.Writer) {
	fmt.Fprintf(w, "sortie: load: %s\n", dur(p.stageTime[generator.StageLoad]))
	fmt.Fprintf(w, "sortie: render: %s for %d parts, pages, booklets and play sheets side by side\n", dur(p.stageTime[generator.StageRender]), p.partsDone)
	fmt.Fprintf(w, "sortie: booklets: %s\n", p.jobsLine(false, 3))
	fmt.Fprintf(w, "sortie: play sheets: %s\n", p.jobsLine(true, 0))
	fmt.Fprintf(w, "sortie: site: %s\n", dur(p.stageTime[generator.StageSite]))
	fmt.Fprintf(w, "sortie: write: %s\n", dur(p.stageTime[generator.StageWrite]))
	fmt.Fprintf(w, "sortie: total: %s\n", dur(p.total))
}

// jobsLine is the count of booklets (or play sheets), their rendering
// time added up, and the slowest few.
func (p *buildProgress) jobsLine(sheets bool, slowest int) string {
	var js []jobTime
	var sum time.Duration
	for _, j := range p.jobs {
		if j.sheet == sheets {
			js = append(js, j)
			sum += j.took
		}
	}
	s := fmt.Sprintf("%d, %s of rendering", len(js), dur(sum))
	if slowest == 0 || len(js) == 0 {
		return s
	}
	slices.SortFunc(js, func(a, b jobTime) int {
		return cmp.Or(cmp.Compare(b.took, a.took), strings.Compare(a.path, b.path))
	})
	var top []string
	for _, j := range js[:min(slowest, len(js))] {
		top = append(top, j.path+" "+dur(j.took))
	}
	return s + "; slowest " + strings.Join(top, ", ")
}

// dur is a duration to the millisecond: "850ms", "2.314s".
func dur(d time.Duration) string {
	return d.Round(time.Millisecond).String()
}
