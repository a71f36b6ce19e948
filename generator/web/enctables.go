package web

import (
	"path"

	"github.com/sortie-wargames/sortie/engine/rules"
)

// EncTablesTitle heads the tables printed with an encounter.
const EncTablesTitle = "Tables for this encounter"

// encTablesView is the section of an encounter's page that prints the
// Quick Reference Sheet tables the encounter needs at the table, each
// linked to its place on the system's QRS page.
type encTablesView struct {
	Level  int
	Title  string
	QRS    string // the system's QRS page, from the site root
	Tables []encTableView
}

// encTableView is one of those tables and its place on the QRS page.
type encTableView struct {
	Table *tableView
	Href  string // from the site root: the QRS page and the table's id there
}

// QRSAnchor is the id a table has on its system's QRS page.
func QRSAnchor(table string) string { return table }

// newEncTablesView draws the tables an encounter names (engine's
// Encounter.Tables), as the QRS page draws them; nil when it names none
// or the system's data is not known.
func newEncTablesView(d *drawer, prefix string, level int, set *rules.Set, ids []string) *encTablesView {
	if set == nil || len(ids) == 0 {
		return nil
	}
	qrs := path.Join(SystemDir(set.System.ID), "qrs.html")
	v := &encTablesView{Level: level, Title: EncTablesTitle, QRS: qrs}
	for _, id := range ids {
		t := set.Table(id)
		if t == nil {
			continue
		}
		v.Tables = append(v.Tables, encTableView{
			Table: d.table(d.kept.ruleTable(t), prefix+"-table-"+id),
			Href:  qrs + "#" + QRSAnchor(id),
		})
	}
	return v
}

// At returns the view with its links made relative to a page whose path
// to the site root is root, for the templates.
func (v *encTablesView) At(root string) *encTablesView {
	if v == nil {
		return nil
	}
	c := *v
	c.QRS = root + v.QRS
	c.Tables = make([]encTableView, len(v.Tables))
	for i, t := range v.Tables {
		c.Tables[i] = encTableView{Table: t.Table, Href: root + t.Href}
	}
	return &c
}
