package plan

import "slices"

// Part is one part of a folded booklet, as long as the last pass made
// it: a volume may start before it, never inside it.
type Part struct {
	Name  string // what the booklet calls it: "front", an entry's anchor, "qrs"
	Label string // how a volume's first page lists it
	Entry int    // the entry's number, for an entry's spread; 0 for none
	Even  bool   // it starts on a left-hand page
	Pages int    // how many pages it takes, from its first
	Flat  bool   // it prints flat after the volumes (card sheets), in none
}

// Volume is one saddle-stitched volume as planned: its first and last
// pages, numbered on from the volume before, and the parts in it.
type Volume struct {
	First, Last int
	Parts       []Placed
}

// Placed is a part and the page it starts on.
type Placed struct {
	Part
	At int
}

// Volumes breaks a folded booklet's parts into saddle-stitched volumes
// of at most limit pages (a multiple of four): as few volumes as the
// limit allows, then the smallest limit that keeps that many, so that
// they come out as even as the parts let them. A volume after the first
// starts with a page of its own (which lists what it holds) before its
// first part. It returns the parts a volume starts before, the volumes,
// and their last page; or the first part too long for a volume of its
// own, which cannot be folded.
func Volumes(parts []Part, limit int) (breaks []string, vols []Volume, end int, big *Part) {
	breaks, big = fill(parts, limit)
	if big != nil {
		return nil, nil, 0, big
	}
	for l := limit - 4; l >= 4; l -= 4 {
		br, over := fill(parts, l)
		if over != nil || len(br) != len(breaks) {
			break
		}
		breaks = br
	}
	vols, end = lay(parts, breaks)
	return breaks, vols, end, nil
}

// Up4 rounds a page count up to a multiple of four, a folded sheet's.
func Up4(n int) int { return (n + 3) / 4 * 4 }

// StartOf is the page a part starts on after page p.
func StartOf(p int, u Part) int {
	s := p + 1
	if u.Even && s%2 != 0 {
		s++
	}
	return s
}

// fill breaks the parts into volumes of at most limit pages, each as full
// as it goes: it returns the parts a volume starts before, or the part
// that does not fit a volume of its own.
func fill(parts []Part, limit int) ([]string, *Part) {
	var breaks []string
	p, first, content := 0, 1, false
	for i, u := range parts {
		if u.Pages == 0 || u.Flat {
			continue
		}
		s := StartOf(p, u)
		if s+u.Pages-first > limit {
			if !content {
				return nil, &parts[i]
			}
			breaks = append(breaks, u.Name)
			p = Up4(p) + 1 // the volume's own first page
			first, content = p, false
			if s = StartOf(p, u); s+u.Pages-first > limit {
				return nil, &parts[i]
			}
		}
		p, content = s+u.Pages-1, true
	}
	return breaks, nil
}

// lay places the parts with volumes starting before the breaks.
func lay(parts []Part, breaks []string) ([]Volume, int) {
	vols := []Volume{{First: 1}}
	p := 0
	for _, u := range parts {
		if u.Flat {
			continue
		}
		if slices.Contains(breaks, u.Name) {
			p = Up4(p)
			vols[len(vols)-1].Last = p
			p++
			vols = append(vols, Volume{First: p})
		}
		if u.Pages == 0 {
			continue
		}
		s := StartOf(p, u)
		vols[len(vols)-1].Parts = append(vols[len(vols)-1].Parts, Placed{u, s})
		p = s + u.Pages - 1
	}
	p = Up4(p)
	vols[len(vols)-1].Last = p
	return vols, p
}
