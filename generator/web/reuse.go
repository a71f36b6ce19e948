package web

import (
	"fmt"
	"slices"
	"text/template/parse"
)

// A build that keeps the pages of the packs and campaigns that did not
// change (generator.Reuse) must know that such a page shows nothing of
// another pack or campaign. The pages a pack or campaign draws are given
// that part alone, the site's systems, navigation and config, and the
// whole site as the layout's .Site: what those templates read of .Site
// decides it. PartInputs says what a part's pages see beyond the site's
// files and the part's own, or that they may see another part.

// siteShared are the fields of site.Site a part's page may read without
// seeing another pack, campaign or series: each comes from sortie.conf or
// from the site's pages and system pages, never a part's own file.
// HasFeeds does look at every part: its value is in PartInputs.
var siteShared = map[string]bool{
	"Title": true, "Tagline": true, "Papers": true, "Home": true, "Pages": true, "Systems": true,
	"BaseURL": true, "PrintOnDemand": true, "Keep": true, "Impose": true, "Fonts": true, "Future": true,
	"HasFeeds": true,
}

// partKinds are the templates that draw a pack's or campaign's pages.
var partKinds = []string{"pack", "encounter", "campaign", "entry"}

// PartInputs returns what every page of a pack or campaign is drawn
// from besides the site's files, the build's options and the part's own
// file: whether the site has feeds, where its downloads page is, and
// whether some pack or campaign has tags (every page's navigation then
// links the tags page).
// isolated is false when the templates that draw those pages read
// something of .Site that may show another part (.Site.Packs, .Site
// itself handed on whole, a field not known to be the config's): the
// pages are then drawn again at every build.
func (r *Renderer) PartInputs() (shared string, isolated bool) {
	return fmt.Sprintf("feeds=%v downloads=%q tags=%v", r.in.Site.HasFeeds(), r.downloadsAt, slices.ContainsFunc(r.nav, func(l Link) bool { return l.Href == TagsPage })), r.isolated
}

// Reused records a page a build took from the build before, as drawing it
// would have: the ids the site's Markdown links to on it.
func (r *Renderer) Reused(f File) { r.noteIDs(f.Path, f.Data) }

// partsIsolated reports whether no template drawing a part's pages reads
// more of .Site than siteShared. It walks the parsed templates, so it
// runs before any of them is executed (html/template rewrites a template
// as it first runs).
func (r *Renderer) partsIsolated() bool {
	for _, kind := range partKinds {
		for _, t := range r.pages[kind].Templates() {
			if t.Tree != nil && !treeIsolated(t.Tree.Root) {
				return false
			}
		}
	}
	return true
}

// treeIsolated walks a template's nodes: every field chain that names
// Site must go on to a field of siteShared.
func treeIsolated(n parse.Node) bool {
	switch n := n.(type) {
	case nil:
		return true
	case *parse.ListNode:
		if n == nil {
			return true
		}
		for _, c := range n.Nodes {
			if !treeIsolated(c) {
				return false
			}
		}
		return true
	case *parse.ActionNode:
		return treeIsolated(n.Pipe)
	case *parse.IfNode:
		return branchIsolated(&n.BranchNode)
	case *parse.RangeNode:
		return branchIsolated(&n.BranchNode)
	case *parse.WithNode:
		return branchIsolated(&n.BranchNode)
	case *parse.TemplateNode:
		return treeIsolated(n.Pipe)
	case *parse.PipeNode:
		if n == nil {
			return true
		}
		for _, v := range n.Decl {
			if !identsIsolated(v.Ident) {
				return false
			}
		}
		for _, c := range n.Cmds {
			if !treeIsolated(c) {
				return false
			}
		}
		return true
	case *parse.CommandNode:
		for _, a := range n.Args {
			if !treeIsolated(a) {
				return false
			}
		}
		return true
	case *parse.FieldNode:
		return identsIsolated(n.Ident)
	case *parse.VariableNode:
		return identsIsolated(n.Ident)
	case *parse.ChainNode:
		// (.Site).Title is refused with .Site, handed on whole: a
		// few false alarms cost a rebuild, never a stale page.
		return treeIsolated(n.Node) && identsIsolated(n.Field)
	case *parse.TextNode, *parse.CommentNode, *parse.DotNode, *parse.NilNode, *parse.BoolNode,
		*parse.NumberNode, *parse.StringNode, *parse.IdentifierNode, *parse.BreakNode, *parse.ContinueNode:
		return true
	default:
		return false // a node this walk does not know: assume the worst
	}
}

func branchIsolated(b *parse.BranchNode) bool {
	return treeIsolated(b.Pipe) && treeIsolated(b.List) && treeIsolated(b.ElseList)
}

// identsIsolated checks one chain of field names (.Layout.Site.Title):
// Site, wherever it is in the chain, must be followed by a shared field.
func identsIsolated(idents []string) bool {
	for i, id := range idents {
		if id != "Site" {
			continue
		}
		if i == len(idents)-1 || !siteShared[idents[i+1]] {
			return false
		}
	}
	return true
}
