package ssr

// Manifest tells the document which browser files a page needs. It reaches
// React as props, so its JSON names are part of the client's contract.
type Manifest struct {
	// CSS lists the stylesheet URLs, in order.
	CSS []string `json:"css"`
	// Entry is the URL of the client entry that hydrates islands.
	Entry string `json:"entry"`
	// Islands maps an island's name (its file name under client/islands) to
	// the URL of its chunk.
	Islands map[string]string `json:"islands"`
}
