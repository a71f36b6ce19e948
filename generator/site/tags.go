package site

import (
	"slices"
	"strings"
)

// DefaultPaginate is how many packs and campaigns a page of a list holds
// when sortie.conf gives no "paginate:".
const DefaultPaginate = 20

// maxTags bounds the tags of one pack or campaign.
const maxTags = 20

// tagsOf reads the "tags" key of a pack or campaign: a YAML list or
// "a, b", each tag written as its slug (lowercase letters, digits and
// single hyphens, at most 64 characters), since it names the folder of
// its page, tags/<tag>/. A tag written otherwise is refused at the
// key's line with the slug it would be.
func tagsOf(f *Fields) ([]string, error) {
	if !f.Has("tags") {
		return nil, nil
	}
	var tags []string
	for _, t := range strings.Split(f.String("tags"), ",") {
		t = strings.TrimSpace(t)
		if t == "" {
			return nil, f.Errorf("tags", "tags %q: an empty tag; want a list such as \"tags: orcs, night, short\"", f.String("tags"))
		}
		if !slugPattern.MatchString(t) || len(t) > 64 {
			if s := Slug(t); s != "" && !IsDeviceName(s) {
				return nil, f.Errorf("tags", "tag %q: want lowercase letters, digits and single hyphens, at most 64 characters (%q, say): a tag names its page's folder, tags/<tag>/", t, s)
			}
			return nil, f.Errorf("tags", "tag %q: want lowercase letters, digits and single hyphens, at most 64 characters: a tag names its page's folder, tags/<tag>/", t)
		}
		if IsDeviceName(t) {
			return nil, f.Errorf("tags", "tag %q is a device name on Windows, where the site could not be copied: pick another", t)
		}
		if slices.Contains(tags, t) {
			return nil, f.Errorf("tags", "tag %q given twice", t)
		}
		tags = append(tags, t)
	}
	if len(tags) > maxTags {
		return nil, f.Errorf("tags", "%d tags: at most %d", len(tags), maxTags)
	}
	return tags, nil
}
