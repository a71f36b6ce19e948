package generator

import (
	"context"

	"github.com/sortie-wargames/sortie/generator/output"
)

// Stream builds the site in memory as Render does, but hands each file
// to emit as soon as it is made, from several goroutines at once (emit
// must be safe for that) and in no set order, rather than return them:
// "sortie serve" serves each page of a save as it comes. An error from
// emit stops the build.
func Stream(opt Options, emit func(output.File) error) (*Summary, error) {
	return StreamContext(context.Background(), opt, emit)
}

// StreamContext is Stream stopped by ctx: a cancelled build returns
// ErrInterrupted (serve drops a build a newer save has made stale).
func StreamContext(ctx context.Context, opt Options, emit func(output.File) error) (*Summary, error) {
	b, err := prepare(ctx, opt)
	if err != nil {
		return nil, err
	}
	return b.run(emit)
}
