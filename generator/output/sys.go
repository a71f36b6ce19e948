package output

import "errors"

// errNoExchange is exchange's answer where the system cannot swap two
// names atomically.
var errNoExchange = errors.New("no atomic exchange on this system")
