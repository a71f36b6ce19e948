// Package generator is Sortie's build: it loads rule-system data (the
// embedded defaults, overlaid by a user's site), asks the engine for
// encounters and campaigns, and renders them. The CLI is one client of it.
package generator

// Version is Sortie's version, printed by "sortie version" and in output
// footers so any page can be regenerated.
const Version = "0.1.0"
