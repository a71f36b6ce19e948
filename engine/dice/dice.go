// Package dice rolls the dice of Two Hour Wargames' books, and of the other
// rule systems Sortie serves, from seeded, named streams.
//
// A Roller is built from a seed string and a path such as
// "campaign/3/pefs". Each path has its own random stream, derived from the
// seed and the path alone, so rolling more dice in one part of an encounter
// never shifts the dice of another. Every roll keeps its trace (the dice as
// they fell and how they were read) so a page can print
// "2d6 = 3 + 6 = 9".
package dice

import (
	"crypto/sha256"
	"encoding/binary"
	"math/rand/v2"
)

// Roller is a deterministic stream of dice for one seed and path. It is not
// safe for concurrent use; give each goroutine its own Stream.
type Roller struct {
	seed string
	path string
	rng  *rand.Rand
}

// New returns the root stream of seed. The same seed gives the same dice on
// any machine.
func New(seed string) *Roller {
	return newRoller(seed, "")
}

func newRoller(seed, path string) *Roller {
	h := sha256.New()
	h.Write([]byte("sortie/dice/v1\x00"))
	h.Write([]byte(seed))
	h.Write([]byte{0})
	h.Write([]byte(path))
	sum := h.Sum(nil)
	src := rand.NewPCG(binary.BigEndian.Uint64(sum[0:8]), binary.BigEndian.Uint64(sum[8:16]))
	return &Roller{seed: seed, path: path, rng: rand.New(src)}
}

// Stream returns the sub-stream at r's path joined with parts, for example
// r.Stream("encounter", "3", "pefs"). A sub-stream depends only on the seed
// and its full path, never on how many dice r or any other stream has rolled.
func (r *Roller) Stream(parts ...string) *Roller {
	p := r.path
	for _, part := range parts {
		if part == "" {
			continue // "a" and "a/" are one stream
		}
		if p != "" {
			p += "/"
		}
		p += part
	}
	return newRoller(r.seed, p)
}

// Seed returns the seed string the roller was made from.
func (r *Roller) Seed() string { return r.seed }

// Path returns the roller's stream path ("" for the root).
func (r *Roller) Path() string { return r.path }

// Die rolls one die with the given number of faces (1..faces).
func (r *Roller) Die(faces int) int {
	if faces < 1 {
		panic("dice: die with fewer than one face")
	}
	return 1 + r.rng.IntN(faces)
}

// Roll rolls the dice of e and reads them as e says.
func (r *Roller) Roll(e Expr) Roll {
	if err := e.Validate(); err != nil {
		panic("dice: " + err.Error())
	}
	if e.Count < 1 {
		panic("dice: " + e.Notation() + " rolled before its count was bound")
	}
	n := e.Count
	dice := make([]int, n)
	for i := range dice {
		dice[i] = r.Die(e.Faces)
	}
	return e.Read(dice)
}

// D6 rolls 1d6 read as rolled.
func (r *Roller) D6() Roll { return r.Roll(Expr{Count: 1, Faces: 6}) }

// Sum rolls n d6 and adds them together ("adding the results together").
func (r *Roller) Sum(n int) Roll { return r.Roll(Expr{Count: n, Faces: 6}) }

// Pass rolls n d6 against target and counts the dice passed (a score equal
// to or lower than the target). With sixFails a 6 never passes, whatever
// the target ("a 6 is always a failure").
func (r *Roller) Pass(n, target int, sixFails bool) Roll {
	return r.Roll(Expr{Count: n, Faces: 6, Mode: ModePass, Target: target, SixFails: sixFails})
}

// PassLowest rolls n d6 and keeps the lowest k against target, as in "3d6
// counting the lowest two scores".
func (r *Roller) PassLowest(n, k, target int, sixFails bool) Roll {
	return r.Roll(Expr{Count: n, Faces: 6, Keep: k, KeepWhich: KeepLowest, Mode: ModePass, Target: target, SixFails: sixFails})
}

// Lower rolls 2d6 and reads the lower die.
func (r *Roller) Lower() Roll {
	return r.Roll(Expr{Count: 2, Faces: 6, Keep: 1, KeepWhich: KeepLowest})
}

// Half rolls 1/2d6: 1-2 is 1, 3-4 is 2, 5-6 is 3.
func (r *Roller) Half() Roll { return r.Roll(Expr{Count: 1, Faces: 6, Half: true}) }

// Successes rolls n d6 and counts the successes: scores of 1, 2 or 3.
func (r *Roller) Successes(n int) Roll {
	return r.Roll(Expr{Count: n, Faces: 6, Mode: ModeSuccess})
}
